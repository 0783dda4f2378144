import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NextStepsPage } from './next-steps-page';

describe('NextStepsPage', () => {
  it('shows its heading, what it says, then its two ways on as links', () => {
    const page = (
      <NextStepsPage
        title="No application chosen"
        primary={{ to: '/start', label: 'Start a new application' }}
        secondary={{ to: '/list', label: 'Go to your applications' }}
      >
        <p>Choose an application first.</p>
      </NextStepsPage>
    );
    render(
      <FluentProvider theme={webLightTheme}>
        <RouterProvider router={createMemoryRouter([{ path: '/', element: page }])} />
      </FluentProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('No application chosen');
    expect(screen.getByText('Choose an application first.')).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Start a new application', '/start'],
      ['Go to your applications', '/list'],
    ]);
  });
});
