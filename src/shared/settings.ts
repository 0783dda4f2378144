import type { Setting } from './contract';

/** Whether a runtime setting (GET /envs) is on: its value is the text `true`. */
export function settingIsOn(settings: readonly Setting[], key: string): boolean {
  return settings.some((s) => s.key === key && s.value === 'true');
}
