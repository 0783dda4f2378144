import { useEffect, useState } from 'react';
import { formIds, formLoaders } from 'virtual:eta-forms';
import { componentsUsed } from '@/shared/forms/form-needs';
import { loadRules, ruleNamesIn, rulesLoaded } from '@/shared/rules/registry';
import type { CompiledForm } from './form-types';
import type { Preloadable } from '@/ui/lazy-component';
import { fields, lazyFields, lazyWidgets, widgets } from './registry';

const loaded = new Map<string, Promise<CompiledForm>>();

/** Ids of every form in `schemas/`. */
export function listForms(): string[] {
  return [...formIds];
}

/** Loads a form's compiled module (its own chunk) and what it needs to run; rejects for an unknown id. */
export function loadForm(id: string): Promise<CompiledForm> {
  const hit = loaded.get(id);
  if (hit) return hit;
  const loader = formLoaders[id];
  if (!loader) return Promise.reject(new Error(`Unknown form "${id}"`));
  const promise = loader().then(async (m) => {
    const form: CompiledForm = {
      formId: m.formId,
      schema: m.schema,
      uiSchema: m.uiSchema,
      examples: m.examples,
      validateFns: m.validateFns,
      whenFns: m.whenFns,
    };
    await prepareForm(form);
    return form;
  });
  loaded.set(id, promise);
  return promise;
}

/** Loads the cross-field rules and the lazily loaded widgets and fields a form uses. */
export async function prepareForm(form: CompiledForm): Promise<void> {
  await Promise.all([
    loadRules(ruleNamesIn(form.schema)),
    ...formNeeds(form.schema, form.uiSchema).map((c) => c.preload()),
  ]);
}

/** Whether a form renders and validates without loading anything more. */
function isPrepared(form: CompiledForm): boolean {
  if (prepared.has(form)) return true;
  const ready =
    rulesLoaded(ruleNamesIn(form.schema)) && formNeeds(form.schema, form.uiSchema).every((c) => c.isLoaded());
  if (ready) prepared.add(form);
  return ready;
}

/** Forms found ready once (what is loaded stays loaded), so a render does not walk the schemas again. */
const prepared = new WeakSet<CompiledForm>();

/**
 * The compiled form for an id, or the form given (undefined while it or what it needs loads); `error` set when it
 * cannot be loaded.
 */
export function useCompiledForm(id: string | undefined, given?: CompiledForm): { form?: CompiledForm; error?: Error } {
  const [state, setState] = useState<{ key?: string | CompiledForm; form?: CompiledForm; error?: Error }>({});
  const key = given ?? id;
  const ready = given && isPrepared(given);
  useEffect(() => {
    if (!key || ready) return;
    let live = true;
    const load = given ? prepareForm(given).then(() => given) : loadForm(key as string);
    load.then(
      (form) => live && setState({ key, form }),
      (error: unknown) => live && setState({ key, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [key, given, ready]);
  if (ready) return { form: given };
  return state.key === key ? { form: state.form, error: state.error } : {};
}

/**
 * The lazily loaded widgets and fields a form renders: those its UI schema names (`ui:widget`, `ui:field`), and
 * the select list rjsf picks for a choice (`enum`, `oneOf`) without a widget of its own.
 */
export function formNeeds(schema: unknown, uiSchema: unknown): Preloadable[] {
  const used = componentsUsed(schema, uiSchema);
  const lazyOf = new Map<unknown, Preloadable>(
    [...Object.values(lazyWidgets), ...Object.values(lazyFields)].map((lazy) => [lazy.Component, lazy]),
  );
  const needed = new Set<Preloadable | undefined>([
    ...used.widgets.map((name) => lazyOf.get(widgets[name as keyof typeof widgets])),
    ...used.fields.map((name) => lazyOf.get(fields[name])),
    used.hasChoice ? lazyWidgets.select : undefined,
  ]);
  needed.delete(undefined);
  return [...needed] as Preloadable[];
}
