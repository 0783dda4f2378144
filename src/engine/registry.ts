import type { Field, RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { PhoneField } from './fields/phone-field';
import { ArrayFieldTemplate } from './templates/array-field-template';
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
import { CountryWidget } from './widgets/country-widget';
import { DateWidget } from './widgets/date-widget';
import { EmailWidget } from './widgets/email-widget';
import { FileWidget } from './widgets/file-widget';
import { HiddenWidget } from './widgets/hidden-widget';
import { PasswordWidget } from './widgets/password-widget';
import { RadioWidget } from './widgets/radio-widget';
import { SelectWidget } from './widgets/select-widget';
import { TextareaWidget } from './widgets/textarea-widget';
import { TextWidget } from './widgets/text-widget';
import { YesNoWidget } from './widgets/yes-no-widget';

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
  combobox: SelectWidget,
  select: SelectWidget,
  country: CountryWidget,
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
  phone: PhoneField as Field,
};

/** The Fluent UI theme's templates. */
export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ErrorListTemplate,
  TitleFieldTemplate,
  DescriptionFieldTemplate,
  FieldErrorTemplate: EmptyTemplate,
  FieldHelpTemplate: EmptyTemplate,
  ButtonTemplates: buttonTemplates,
};
