import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import type { z } from 'zod';
import { messageKey } from './validate';

/**
 * react-hook-form over a contracts schema (or a form schema built from one), the way the spec's forms behave: the
 * values are checked when the form is submitted; editing a field removes its message until the next submit.
 * Messages are catalogue keys (the contracts' custom messages), 'validation.invalid' for zod's own.
 */
export function useSchemaForm<Values extends FieldValues, Output = Values>(
  schema: z.ZodType<Output, Values>,
  defaultValues: Values,
  /** A field's own message for any error of it (e.g. the nickname's). */
  messages: Partial<Record<Path<Values>, string>> = {},
) {
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as never,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const values = form.watch();

  /** Sets a field (marking the form dirty) and removes its message. */
  const set = <Name extends Path<Values>>(name: Name, value: PathValue<Values, Name>) => {
    form.setValue(name, value, { shouldDirty: true });
    form.clearErrors(name);
  };

  /** The message key of a field's error, if it has one. */
  const errorKey = (name: Path<Values>): string | undefined => {
    const message = form.getFieldState(name, form.formState).error?.message;
    if (typeof message !== 'string') return undefined;
    return messages[name] ?? messageKey(message);
  };

  /** The value, change handler and error state of a text field; `transform` filters what is typed. */
  const textField = <Name extends Path<Values>>(
    name: Name,
    transform: (value: string) => string = (value) => value,
  ) => ({
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) =>
      set(name, transform(event.target.value) as PathValue<Values, Name>),
    error: errorKey(name) !== undefined,
  });

  /** Shows a message the server answered (or any other not tied to one field) until the next submit. */
  const fail = (message: string) => form.setError('root', { message });
  const failure = form.formState.errors.root?.message;
  const clearFailure = () => form.clearErrors('root');

  return { form, values, set, errorKey, textField, fail, failure, clearFailure };
}
