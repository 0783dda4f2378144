import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

/** A page with a Remove button that asks first; once removed, a message stands where the button was. */
function Page() {
  const [state, setState] = useState<'closed' | 'open' | 'closing'>('closed');
  const [removed, setRemoved] = useState(false);
  return (
    <FluentProvider theme={webLightTheme}>
      {removed ? <p>Removed</p> : <button onClick={() => setState('open')}>Remove</button>}
      {state !== 'closed' && (
        <ConfirmDialog
          open={state === 'open'}
          title="Remove this applicant?"
          body="Their answers will be deleted."
          confirmLabel="Yes, remove"
          cancelLabel="No, keep"
          onConfirm={() => {
            setRemoved(true);
            setState('closing');
          }}
          onCancel={() => setState('closing')}
          onClosed={() => setState('closed')}
        />
      )}
    </FluentProvider>
  );
}

describe('ConfirmDialog', () => {
  for (const [how, close] of [
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['the cancel button', (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByText('No, keep'))],
  ] as const)
    it(`gives focus back to the control that opened it when closed with ${how}`, async () => {
      const user = userEvent.setup();
      render(<Page />);
      const remove = screen.getByRole('button', { name: 'Remove' });
      remove.focus();
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('alertdialog');
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      await close(user);
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(remove));
    });
});
