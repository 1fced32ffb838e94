import {
  BooleanField,
  BooleanInput,
  Create,
  Edit,
  NumberField,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  maxLength,
  regex,
  required,
} from 'react-admin';
import { useState } from 'react';
import { KstDateField, KstDateTimeInput } from '../format/kst';
import { CodeField, codeChoices } from './code-field';
import { WritableList } from './list-actions';
import { PopupColourNote } from './popup-colour-note';
import { PopupImageInput } from './popup-image-input';
import { ColourInput, PopupPreview } from './popup-preview';

export const FaqList = () => (
  <WritableList
    resource="faqs"
    sort={{ field: 'position', order: 'ASC' }}
    filters={[<TextInput key="q" source="q" label="ra.action.search" alwaysOn />]}
  >
    <TextField source="id" />
    <CodeField source="category" family="faqCategory" />
    <TextField source="title" />
    <NumberField source="position" />
    <KstDateField source="updatedAt" />
  </WritableList>
);

const faqForm = (
  <SimpleForm>
    <SelectInput source="category" choices={codeChoices('faqCategory')} validate={required()} />
    <TextInput source="title" validate={[required(), maxLength(200)]} fullWidth />
    <TextInput source="content" multiline minRows={4} validate={[required(), maxLength(5000)]} fullWidth />
    {/* English and Japanese readers get these where they are written (a question with its answer), else the Korean. */}
    <TextInput source="titleEn" validate={maxLength(200)} fullWidth />
    <TextInput source="contentEn" multiline minRows={3} validate={maxLength(5000)} fullWidth />
    <TextInput source="titleJa" validate={maxLength(200)} fullWidth />
    <TextInput source="contentJa" multiline minRows={3} validate={maxLength(5000)} fullWidth />
    <NumberInput source="position" min={0} defaultValue={0} />
  </SimpleForm>
);
export const FaqCreate = () => <Create redirect="list">{faqForm}</Create>;
export const FaqEdit = () => <Edit mutationMode="pessimistic">{faqForm}</Edit>;

/** Popup links: an http(s) URL or a path of the site, as the API accepts (never javascript: or data:). */
const safeLink = regex(/^(https?:\/\/\S+|\/(?!\/)\S*)$/i, 'validation.url');

/** A popup's form, with its live preview (the picture the image input shows is the preview's). */
function PopupForm() {
  const [pictureUrl, setPictureUrl] = useState<string | null>(null);
  return (
    <SimpleForm>
      <TextInput source="title" validate={[required(), maxLength(200)]} fullWidth />
      <PopupImageInput onShownChange={setPictureUrl} />
      <TextInput source="linkLoggedOn" validate={safeLink} fullWidth />
      <TextInput source="linkTextLoggedOn" />
      <TextInput source="linkLoggedOff" validate={safeLink} fullWidth />
      <TextInput source="linkTextLoggedOff" />
      <ColourInput source="linkBackgroundColor" defaultValue="#000000" />
      <ColourInput source="linkTextColor" defaultValue="#FFFFFF" />
      <PopupColourNote />
      <PopupPreview pictureUrl={pictureUrl} />
      <BooleanInput source="active" defaultValue />
      <KstDateTimeInput source="startsAt" />
      <KstDateTimeInput source="endsAt" />
    </SimpleForm>
  );
}

export const PopupList = () => (
  <WritableList resource="popups" sort={{ field: 'id', order: 'DESC' }}>
    <TextField source="id" />
    <TextField source="title" />
    <TextField source="linkLoggedOn" emptyText="-" />
    <BooleanField source="active" />
    <KstDateField source="startsAt" emptyText="-" />
    <KstDateField source="endsAt" emptyText="-" />
  </WritableList>
);
export const PopupCreate = () => (
  <Create redirect="list">
    <PopupForm />
  </Create>
);
export const PopupEdit = () => (
  <Edit mutationMode="pessimistic">
    <PopupForm />
  </Edit>
);

export const TagList = () => (
  <WritableList
    resource="tags"
    sort={{ field: 'name', order: 'ASC' }}
    filters={[<TextInput key="q" source="q" label="ra.action.search" alwaysOn />]}
  >
    <TextField source="id" />
    <TextField source="name" />
    <TextField source="nameEn" emptyText="-" />
    <TextField source="nameJa" emptyText="-" />
    <NumberField source="creators" />
  </WritableList>
);
const tagForm = (
  <SimpleForm>
    <TextInput source="name" validate={[required(), maxLength(30)]} />
    {/* English and Japanese readers see these where they are written, else the Korean name. */}
    <TextInput source="nameEn" validate={maxLength(30)} />
    <TextInput source="nameJa" validate={maxLength(30)} />
  </SimpleForm>
);
export const TagCreate = () => <Create redirect="list">{tagForm}</Create>;
export const TagEdit = () => <Edit mutationMode="pessimistic">{tagForm}</Edit>;
