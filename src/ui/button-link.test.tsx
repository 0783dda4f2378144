import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ButtonLink } from './button-link';
import { declaredStyle } from './testing/declared-style';

function Where() {
  return <h1>{useLocation().pathname}</h1>;
}

function renderAt(element: ReactElement, basename?: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [basename ? `${basename}/` : '/'], basename },
  );
  render(
    <FluentProvider theme={webLightTheme}>
      <RouterProvider router={router} />
    </FluentProvider>,
  );
  return router;
}

describe('ButtonLink', () => {
  it('is a link to the route, drawn as a large button unless told otherwise', () => {
    renderAt(
      <>
        <ButtonLink to="/login" appearance="primary">
          {'Sign in'}
        </ButtonLink>
        <ButtonLink to="/faq" size="medium">
          {'Questions'}
        </ButtonLink>
      </>,
    );
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe('/login');
    expect(signIn.className).toMatch(/fui-Button/);
    // Fluent's large button writes in the base 400 size, the medium one in base 300.
    expect(declaredStyle(signIn, 'font-size')).toBe('var(--fontSizeBase400)');
    expect(declaredStyle(screen.getByRole('link', { name: 'Questions' }), 'font-size')).toBe('var(--fontSizeBase300)');
  });

  it('writes the href under the router’s base path', () => {
    renderAt(<ButtonLink to="/registration">{'Register'}</ButtonLink>, '/portal');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/portal/registration');
  });

  it('navigates within the portal on click, without reloading the page', async () => {
    const router = renderAt(<ButtonLink to="/my-applications">{'My applications'}</ButtonLink>);
    await userEvent.click(screen.getByRole('link', { name: 'My applications' }));
    expect(await screen.findByRole('heading', { level: 1, name: '/my-applications' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my-applications');
  });
});
