import '@/engine/testing/forms-loaded';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n } from 'i18next';
import { createTestI18n } from './testing/test-i18n';

vi.setConfig({ testTimeout: 30000 });

let en: i18n;

beforeAll(async () => {
  en = await createTestI18n('en');
  // A rule registry of its own, fresh as a browser's: the test set-up loads every rule into the shared one.
  vi.resetModules();
});

describe('a rule loaded after the form shows', () => {
  it('says the form could not be loaded when it cannot be fetched, and sends nothing unchecked', async () => {
    const { ruleLoaders } = await import('@/shared/rules/registry');
    const { loadForm } = await import('./form-loader');
    const { SchemaForm } = await import('./schema-form');
    const { renderWithProviders } = await import('./testing/render-form');
    const phoneLoader = ruleLoaders.phoneNumber;
    ruleLoaders.phoneNumber = () => Promise.reject(new Error('The network is down'));
    const registration = await loadForm('registration');
    const onSubmit = vi.fn();
    renderWithProviders(<SchemaForm form={registration} onSubmit={onSubmit} />, en);
    const submit = await screen.findByRole('button', { name: en.t('forms:engine.continue') });
    await userEvent.click(submit);
    expect(await screen.findByText(en.t('forms:engine.loadFailed'))).toHaveProperty('role', 'alert');
    expect(onSubmit).not.toHaveBeenCalled();

    // Once it can be fetched again, submitting judges the answers as usual.
    ruleLoaders.phoneNumber = phoneLoader;
    await userEvent.click(submit);
    expect(await screen.findByRole('heading', { name: en.t('forms:engine.errorSummaryTitle') })).toBeInstanceOf(
      HTMLElement,
    );
    expect(screen.queryByText(en.t('forms:engine.loadFailed'))).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
