import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnswersTarget } from '@/api/answers';

/** A channel never hears its own messages: every message comes from another tab. */
type TabMessage = { kind: 'open' | 'here' | 'saved' };

/**
 * Tells the tabs and windows of this browser that have the same applicant's same form open about each other:
 * `otherTab` once another one is seen, `changedElsewhere` once another one has saved answers since this one
 * loaded them. The rule they explain: the answers saved last are kept (a page's save replaces that page's answers).
 */
export function useOtherTabs(target: AnswersTarget) {
  const [otherTab, setOtherTab] = useState(false);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const channel = useRef<BroadcastChannel | undefined>(undefined);
  const { formId, applicationIdentifier, applicantIdentifier } = target;

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const opened = new BroadcastChannel(`eta.answers.${formId}.${applicationIdentifier}.${applicantIdentifier}`);
    channel.current = opened;
    const post = (kind: TabMessage['kind']) => opened.postMessage({ kind } satisfies TabMessage);
    opened.onmessage = (event: MessageEvent<TabMessage>) => {
      setOtherTab(true);
      if (event.data?.kind === 'open') post('here');
      if (event.data?.kind === 'saved') setChangedElsewhere(true);
    };
    post('open');
    return () => {
      channel.current = undefined;
      opened.close();
    };
  }, [formId, applicationIdentifier, applicantIdentifier]);

  /** Tells the other tabs that this one has just saved answers. */
  const announceSaved = useCallback(() => {
    channel.current?.postMessage({ kind: 'saved' } satisfies TabMessage);
  }, []);

  return { otherTab, changedElsewhere, announceSaved };
}
