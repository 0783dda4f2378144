import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { CloseApplicationButton } from './close-application-button';
import { ErrorDialogHost, showErrorDialog } from './error-dialog';
import { renderRoutes, startEnglish } from './testing';

describe('dialogs', () => {
  beforeAll(startEnglish);

  it('error dialog shows the message under the title Error and closes', async () => {
    renderRoutes([{ path: '*', element: <ErrorDialogHost /> }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => showErrorDialog('Request timed out'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(within(dialog).getByText('Request timed out')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('error dialog shows queued messages one after the other', async () => {
    renderRoutes([{ path: '*', element: <ErrorDialogHost /> }]);
    act(() => {
      showErrorDialog('First problem');
      showErrorDialog('Second problem');
    });
    expect(within(await screen.findByRole('alertdialog')).getByText('First problem')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(screen.getByRole('alertdialog')).getByText('Second problem')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('error dialog keeps focus when the page behind moves it, and gives it back on closing', async () => {
    renderRoutes([
      {
        path: '*',
        element: (
          <>
            <h1 tabIndex={-1}>Passport</h1>
            <ErrorDialogHost />
          </>
        ),
      },
    ]);
    act(() => showErrorDialog('Request timed out'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    // The form behind moved on to its next page and focuses that page's heading.
    const heading = screen.getByRole('heading', { name: 'Passport', hidden: true });
    act(() => heading.focus());
    expect(document.activeElement).toBe(close);
    expect(screen.getByRole('alertdialog', { name: 'Error' })).toBe(dialog);
    await userEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(heading);
  });

  it('close application: No stays on the page', async () => {
    const { router } = renderRoutes([{ path: '*', element: <CloseApplicationButton /> }], '/applications/declarations');
    await userEvent.click(screen.getByRole('button', { name: 'Close application' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close application' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Yes', 'No']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/applications/declarations');
  });

  it('close application: Yes goes home', async () => {
    const { router } = renderRoutes([{ path: '*', element: <CloseApplicationButton /> }], '/applications/declarations');
    await userEvent.click(screen.getByRole('button', { name: 'Close application' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
