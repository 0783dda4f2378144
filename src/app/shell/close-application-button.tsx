import { Button } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '@/ui/lazy-component';
import { preloadWhenIdle } from '@/ui/when-idle';

/** Fluent's dialog comes in its own chunk, preloaded once the page with the button is idle. */
export const closeApplicationDialog = lazyComponent(
  async () => (await import('./close-application-dialog')).CloseApplicationDialog,
);

/** The 'Close application' button with its confirmation dialog. */
export function CloseApplicationButton() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  // Mounted on first use only: a closed Fluent Dialog still adds focus sentinels to the page.
  const [used, setUsed] = useState(false);
  useEffect(() => preloadWhenIdle(closeApplicationDialog), []);
  const button = useRef<HTMLButtonElement>(null);
  // Closed without leaving (No, Escape), the dialog gives focus back to this button, where the keyboard user was.
  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <>
      <Button
        ref={button}
        appearance="secondary"
        icon={<DismissRegular />}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {t('closeApplication.button')}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <closeApplicationDialog.Component open={open} onOpenChange={openChange} />
        </Suspense>
      )}
    </>
  );
}
