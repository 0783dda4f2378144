import { useState, type ReactNode } from 'react';
import { useActionData } from 'react-router-dom';
import type { FormActionData } from '@/engine/form-action';
import { ProblemPanel } from '@/engine/problem-panel';
import { SchemaForm, type SchemaFormProps } from '@/engine/schema-form';
import type { FieldError } from '@/shared/api-types';
import { PageHeading } from '@/ui/page-heading';
import { usePageStyles } from '@/ui/page-styles';
import { errorBodyOf } from './api-errors';

/**
 * What the API said against the last answers: errors by their fields, or a problem with the whole page; at first,
 * what the server said of the form when it was sent before the page's scripts ran (the page's action).
 */
export function useFormProblems() {
  const sent = useActionData() as FormActionData | undefined;
  const [problem, setProblem] = useState<string | undefined>(sent?.problem);
  const [fieldErrors, setFieldErrors] = useState<FieldError[] | null>(sent?.errors.length ? sent.errors : null);
  return {
    /** The answers of the form the server sent back, if any. */
    sent,
    problem,
    fieldErrors,
    setProblem,
    setFieldErrors,
    /** Forgets the last answer's problems (before the answers are sent again). */
    clear() {
      setProblem(undefined);
      setFieldErrors(null);
    },
    /** Shows a failed call's errors: by their fields when the API names fields, else as the page's problem. */
    show(error: unknown) {
      const body = errorBodyOf(error);
      if (body?.fields?.length) setFieldErrors(body.fields);
      else if (body) setProblem(body.error);
    },
  };
}

interface AccountFormPageProps extends Pick<SchemaFormProps, 'formId' | 'formData' | 'onSubmit' | 'submitLabelKey'> {
  title: string;
  lead: string;
  /** The API's problems with the last answers (`useFormProblems`). */
  problems: Pick<ReturnType<typeof useFormProblems>, 'problem' | 'fieldErrors' | 'sent'>;
  /** Content under the form's button (e.g. a link back to log in). */
  children?: ReactNode;
}

/** An account page that is one form: its heading and lead, the API's problem if any, then the form. */
export function AccountFormPage({ title, lead, problems, children, ...form }: AccountFormPageProps) {
  const styles = usePageStyles();
  return (
    <div className={styles.page}>
      <PageHeading>{title}</PageHeading>
      <p className={styles.lead}>{lead}</p>
      {problems.problem && <ProblemPanel message={problems.problem} />}
      <SchemaForm
        {...form}
        formData={problems.sent ? { ...form.formData, ...problems.sent.answers } : form.formData}
        serverErrors={problems.fieldErrors}
      >
        {children}
      </SchemaForm>
    </div>
  );
}
