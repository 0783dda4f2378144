import { useEffect, useState } from 'react';
import { formIds, formLoaders } from 'virtual:eta-forms';
import type { CompiledForm } from './form-types';

const loaded = new Map<string, Promise<CompiledForm>>();

/** Ids of every form in `schemas/`. */
export function listForms(): string[] {
  return [...formIds];
}

/** Loads a form's compiled module (its own chunk); rejects for an unknown id. */
export function loadForm(id: string): Promise<CompiledForm> {
  const hit = loaded.get(id);
  if (hit) return hit;
  const loader = formLoaders[id];
  if (!loader) return Promise.reject(new Error(`Unknown form "${id}"`));
  const promise = loader().then((m) => ({
    formId: m.formId,
    schema: m.schema,
    uiSchema: m.uiSchema,
    examples: m.examples,
    validateFns: m.validateFns,
    whenFns: m.whenFns,
  }));
  loaded.set(id, promise);
  return promise;
}

/** The compiled form for an id (undefined while loading); `error` set when it cannot be loaded. */
export function useCompiledForm(id: string | undefined, given?: CompiledForm): { form?: CompiledForm; error?: Error } {
  const [state, setState] = useState<{ id?: string; form?: CompiledForm; error?: Error }>({});
  useEffect(() => {
    if (given || !id) return;
    let live = true;
    loadForm(id).then(
      (form) => live && setState({ id, form }),
      (error: unknown) => live && setState({ id, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [id, given]);
  if (given) return { form: given };
  return state.id === id ? { form: state.form, error: state.error } : {};
}
