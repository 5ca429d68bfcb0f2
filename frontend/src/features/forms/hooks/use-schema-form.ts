import { fieldErrors } from '@shared/schemas/common';
import { type ChangeEvent, useCallback, useMemo, useRef, useState } from 'react';
import type * as z from 'zod';

type Values<K extends string> = Record<K, string>;
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Form state validated on every change with the SAME shared zod schema the Lambda uses. Messages
 * show once a field is touched (blurred, or every field at a submit attempt); `bind(name)` gives
 * a control its value, handlers, ref and the aria wiring to its message.
 */
export function useSchemaForm<K extends string, S extends z.ZodType>(schema: S, initial: Values<K>, idPrefix: string) {
  const [values, setValues] = useState<Values<K>>(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const controls = useRef(new Map<K, HTMLElement | null>());
  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const errors: Partial<Record<string, string>> = result.success ? {} : fieldErrors(result.error);

  const set = useCallback((name: K, value: string) => setValues((prev) => ({ ...prev, [name]: value })), []);
  const touch = useCallback((name: K) => setTouched((prev) => (prev[name] ? prev : { ...prev, [name]: true })), []);

  /** The message to show for a field (only once touched). */
  const errorOf = (name: K): string | undefined => (touched[name] ? errors[name] : undefined);
  const idOf = (name: K) => `${idPrefix}-${name}`;
  const errorIdOf = (name: K) => `${idPrefix}-${name}-error`;
  /** A field's FormField props: its control's id, its message and the message's id. */
  const fieldOf = (name: K) => ({ id: idOf(name), error: errorOf(name), errorId: errorIdOf(name) });

  function bind(name: K) {
    const error = errorOf(name);
    return {
      id: idOf(name),
      name,
      value: values[name],
      onChange: (event: ChangeEvent<Control>) => set(name, event.target.value),
      onBlur: () => touch(name),
      ref: (el: HTMLElement | null) => {
        controls.current.set(name, el);
      },
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorIdOf(name) : undefined,
    } as const;
  }

  /** Marks every field touched; when invalid, focuses the first invalid field (in `order`) and returns false. */
  function checkAll(order: readonly K[]): boolean {
    setTouched(Object.fromEntries(order.map((k) => [k, true])) as Record<K, boolean>);
    if (result.success) return true;
    const first = order.find((k) => errors[k]);
    if (first) controls.current.get(first)?.focus();
    return false;
  }

  function reset() {
    setValues(initial);
    setTouched({});
  }

  return {
    values,
    set,
    touch,
    errors,
    errorOf,
    idOf,
    errorIdOf,
    fieldOf,
    bind,
    checkAll,
    reset,
    /** Registers a control that `bind` does not create (the rating group's first radio). */
    register: (name: K) => (el: HTMLElement | null) => {
      controls.current.set(name, el);
    },
    valid: result.success,
    data: result.success ? (result.data as z.output<S>) : undefined,
  };
}
