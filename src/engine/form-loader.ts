import { useEffect, useState } from 'react';
import { formIds, formLoaders } from 'virtual:eta-forms';
import { componentsUsed } from '@/shared/forms/form-needs';
import { checkWithoutLaterRules, loadRules, ruleNamesIn, rulesLoaded, rulesLoadedLater } from '@/shared/rules/registry';
import type { CompiledForm } from './form-types';
import type { Preloadable } from '@/ui/lazy-component';
import { useServerRender } from '@/ui/server-render';
import { fields, lazyFields, lazyWidgets, widgets } from './registry';

const loaded = new Map<string, Promise<CompiledForm>>();
/** Forms loaded and prepared: a page rendered after that shows its form at once, as a page rendered ahead does. */
const shown = new Map<string, CompiledForm>();

// A form shows before its large rules have loaded (the phone rule's metadata); SchemaForm loads them next.
checkWithoutLaterRules();

/** The rules a form needs before it shows: all it names but those loaded after it (`rulesLoadedLater`). */
function rulesFirst(form: CompiledForm): string[] {
  return ruleNamesIn(form.schema).filter((name) => !rulesLoadedLater.has(name));
}

/** Loads every rule a form names, those loaded after it shows included; resolves at once when they are loaded. */
export function loadAllRules(form: CompiledForm): Promise<void> {
  return loadRules(ruleNamesIn(form.schema));
}

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
    shown.set(id, form);
    return form;
  });
  loaded.set(id, promise);
  return promise;
}

/** Loads what a form needs to show: its cross-field rules (but the large ones) and its lazily loaded widgets and fields. */
export async function prepareForm(form: CompiledForm): Promise<void> {
  await Promise.all([loadRules(rulesFirst(form)), ...formNeeds(form.schema, form.uiSchema).map((c) => c.preload())]);
}

/** Whether a form shows without loading anything more. */
function isPrepared(form: CompiledForm): boolean {
  if (prepared.has(form)) return true;
  const ready = rulesLoaded(rulesFirst(form)) && formNeeds(form.schema, form.uiSchema).every((c) => c.isLoaded());
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
  const preloaded = !given && id !== undefined ? shown.get(id) : undefined;
  const ready = (given && isPrepared(given)) || preloaded !== undefined;
  // On the server the page is rendered again once its form has loaded, and the browser loads it before hydrating.
  const server = useServerRender();
  if (server && !given && id !== undefined) {
    server.formShown(id);
    if (!ready) server.wait(loadForm(id));
  }
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
  if (ready) return { form: given ?? preloaded };
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

/** Whether every rule of the form has loaded; loads those it shows without once the form is on screen. */
export function useAllRules(form: CompiledForm): boolean {
  const [ready, setReady] = useState(() => rulesLoaded(ruleNamesIn(form.schema)));
  useEffect(() => {
    if (ready) return undefined;
    let live = true;
    void loadAllRules(form).then(
      () => live && setReady(true),
      // Said when the form is submitted, which tries again (see SchemaForm).
      () => {},
    );
    return () => {
      live = false;
    };
  }, [form, ready]);
  return ready;
}
