import type { FieldProps, RegistryFieldsType, RegistryWidgetsType, TemplatesType, WidgetProps } from '@rjsf/utils';
import { lazyComponent, type LazyComponent } from '@/ui/lazy-component';
import { ArrayFieldItemButtonsTemplate, ArrayFieldTemplate } from './templates/array-field-template';
import { ErrorListTemplate } from './templates/error-list-template';
import { FieldTemplate } from './templates/field-template';
import { ObjectFieldTemplate } from './templates/object-field-template';
import {
  buttonTemplates,
  DescriptionFieldTemplate,
  EmptyTemplate,
  TitleFieldTemplate,
} from './templates/simple-templates';
import { CheckboxWidget } from './widgets/checkbox-widget';
import { DateWidget } from './widgets/date-widget';
import { EmailWidget } from './widgets/email-widget';
import { FileWidget } from './widgets/file-widget';
import { HiddenWidget } from './widgets/hidden-widget';
import { PasswordWidget } from './widgets/password-widget';
import { RadioWidget } from './widgets/radio-widget';
import { TextareaWidget } from './widgets/textarea-widget';
import { TextWidget } from './widgets/text-widget';
import { YesNoWidget } from './widgets/yes-no-widget';

/**
 * Widgets and fields that carry large code or data (Fluent's combobox, the country list) are loaded with the
 * first form that uses them (the phone field's dialling codes, libphonenumber's metadata, come right after it): `formNeeds` in form-loader.ts names
 * them from the form's schemas. Adding a widget of that kind: one line here instead of in `widgets` below.
 */
export const lazyWidgets: Record<string, LazyComponent<WidgetProps>> = {
  select: lazyComponent(async () => (await import('./widgets/select-widget')).SelectWidget),
  country: lazyComponent(async () => (await import('./widgets/country-widget')).CountryWidget),
};

export const lazyFields: Record<string, LazyComponent<FieldProps>> = {
  phone: lazyComponent(async () => (await import('./fields/phone-field')).PhoneField as never),
};

/**
 * The one registry of the engine's widgets (named by `ui:widget`). Adding a widget: one file in widgets/ and one
 * line here. rjsf's own names (text, email, password, select, checkbox, radio, textarea, file, hidden, date,
 * updown, ...) map to ours so schemas without a `ui:widget` still render with our theme.
 */
export const widgets = {
  text: TextWidget,
  email: EmailWidget,
  password: PasswordWidget,
  date: DateWidget,
  combobox: lazyWidgets.select.Component,
  select: lazyWidgets.select.Component,
  country: lazyWidgets.country.Component,
  yesNo: YesNoWidget,
  radio: RadioWidget,
  checkbox: CheckboxWidget,
  textarea: TextareaWidget,
  file: FileWidget,
  hidden: HiddenWidget,
  updown: TextWidget,
  range: TextWidget,
} satisfies RegistryWidgetsType;

/** Custom fields (named by `ui:field`) for answers made of several values. */
export const fields: RegistryFieldsType = {
  phone: lazyFields.phone.Component,
};

/** The Fluent UI theme's templates. */
export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemButtonsTemplate,
  ErrorListTemplate,
  TitleFieldTemplate,
  DescriptionFieldTemplate,
  FieldErrorTemplate: EmptyTemplate,
  FieldHelpTemplate: EmptyTemplate,
  ButtonTemplates: buttonTemplates,
};
