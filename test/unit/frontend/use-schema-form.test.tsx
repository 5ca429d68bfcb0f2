// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useSchemaForm } from '../../../frontend/src/features/forms/hooks/use-schema-form';

const schema = z.object({
  name: z.string().trim().min(2, { error: 'Name: at least 2 characters.' }),
  email: z.email({ error: 'Email: not an address.' }),
  message: z.string().trim().min(5, { error: 'Message: at least 5 characters.' }),
});
type Field = keyof z.input<typeof schema>;
const INITIAL: Record<Field, string> = { name: '', email: '', message: '' };
const ORDER: readonly Field[] = ['name', 'email', 'message'];

type Form = ReturnType<typeof useSchemaForm<Field, typeof schema>>;

/** A tiny form with real controls wired by bind(); `latest.form` is the hook's last answer. */
function renderForm() {
  const latest: { form?: Form } = {};
  function TestForm() {
    const form = useSchemaForm(schema, INITIAL, 't');
    latest.form = form;
    return (
      <form>
        <input {...form.bind('name')} />
        <input {...form.bind('email')} />
        <textarea {...form.bind('message')} />
        <button type="button">outside</button>
      </form>
    );
  }
  const view = render(<TestForm />);
  const control = (name: Field) => {
    const el = view.container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#t-${name}`);
    if (!el) throw new Error(`no control #t-${name}`);
    return el;
  };
  const form = () => {
    if (!latest.form) throw new Error('not rendered');
    return latest.form;
  };
  return { view, control, form };
}

afterEach(() => {
  cleanup();
});

describe('useSchemaForm', () => {
  it('validates on every change but shows a field’s message only once it is touched', () => {
    const { result } = renderHook(() => useSchemaForm(schema, INITIAL, 't'));
    expect(result.current.valid).toBe(false);
    expect(result.current.errors.name).toBe('Name: at least 2 characters.');
    expect(result.current.errorOf('name')).toBeUndefined();
    expect(result.current.bind('name')['aria-invalid']).toBeUndefined();

    act(() => result.current.touch('name'));
    expect(result.current.errorOf('name')).toBe('Name: at least 2 characters.');
    expect(result.current.bind('name')['aria-invalid']).toBe(true);
    expect(result.current.bind('name')['aria-describedby']).toBe('t-name-error');
    // The other fields stay quiet.
    expect(result.current.errorOf('email')).toBeUndefined();
    expect(result.current.errorOf('message')).toBeUndefined();

    act(() => result.current.set('name', 'Ada'));
    expect(result.current.values.name).toBe('Ada');
    expect(result.current.errors.name).toBeUndefined();
    expect(result.current.errorOf('name')).toBeUndefined();
    expect(result.current.bind('name')['aria-invalid']).toBeUndefined();
  });

  it('wires real controls: typing changes the value, blurring shows the message', () => {
    const { control, form } = renderForm();
    expect(control('email').getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(control('email'), { target: { value: 'not-an-address' } });
    expect(form().values.email).toBe('not-an-address');
    expect(control('email').value).toBe('not-an-address');
    expect(control('email').getAttribute('aria-invalid')).toBeNull();

    fireEvent.blur(control('email'));
    expect(form().errorOf('email')).toBe('Email: not an address.');
    expect(control('email').getAttribute('aria-invalid')).toBe('true');
    expect(control('email').getAttribute('aria-describedby')).toBe('t-email-error');
    expect(control('name').getAttribute('aria-invalid')).toBeNull();
  });

  it('checkAll marks every field touched, returns false and focuses the first invalid field in the given order', () => {
    const { control, form } = renderForm();
    fireEvent.change(control('name'), { target: { value: 'Ada' } });

    let ok: boolean | undefined;
    act(() => {
      ok = form().checkAll(ORDER);
    });
    expect(ok).toBe(false);
    expect(document.activeElement).toBe(control('email'));
    expect(form().errorOf('name')).toBeUndefined();
    expect(form().errorOf('email')).toBe('Email: not an address.');
    expect(form().errorOf('message')).toBe('Message: at least 5 characters.');
    expect(control('message').getAttribute('aria-invalid')).toBe('true');

    // The order is the caller's, not the schema's.
    act(() => {
      ok = form().checkAll(['message', 'email', 'name']);
    });
    expect(ok).toBe(false);
    expect(document.activeElement).toBe(control('message'));
  });

  it('checkAll returns true and data holds the parsed values once the form is valid', () => {
    const { control, form } = renderForm();
    fireEvent.change(control('name'), { target: { value: '  Ada  ' } });
    fireEvent.change(control('email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(control('message'), { target: { value: 'Hello there' } });
    expect(form().valid).toBe(true);

    const outside = document.querySelector('button');
    outside?.focus();
    let ok: boolean | undefined;
    act(() => {
      ok = form().checkAll(ORDER);
    });
    expect(ok).toBe(true);
    expect(document.activeElement).toBe(outside);
    // The schema's output (trimmed), not the raw input.
    expect(form().data).toEqual({ name: 'Ada', email: 'ada@example.com', message: 'Hello there' });
    expect(form().errors).toEqual({});
  });

  it('data is undefined while the form is invalid', () => {
    const { result } = renderHook(() => useSchemaForm(schema, INITIAL, 't'));
    act(() => {
      result.current.set('name', 'Ada');
      result.current.set('email', 'ada@example.com');
    });
    expect(result.current.valid).toBe(false);
    expect(result.current.data).toBeUndefined();
  });

  it('reset restores the initial values and hides the messages again', () => {
    const { control, form } = renderForm();
    fireEvent.change(control('name'), { target: { value: 'A' } });
    fireEvent.change(control('message'), { target: { value: 'Hi' } });
    act(() => {
      form().checkAll(ORDER);
    });
    expect(form().errorOf('name')).toBeDefined();

    act(() => form().reset());
    expect(form().values).toEqual(INITIAL);
    expect(control('name').value).toBe('');
    expect(control('message').value).toBe('');
    for (const field of ORDER) expect(form().errorOf(field)).toBeUndefined();
    expect(control('email').getAttribute('aria-invalid')).toBeNull();
  });

  it('register lets a control bind() did not create take the focus', () => {
    const { result } = renderHook(() => useSchemaForm(schema, { ...INITIAL, name: 'Ada', email: 'ada@example.com' }, 't'));
    const radio = document.createElement('input');
    radio.type = 'radio';
    document.body.append(radio);
    result.current.register('message')(radio);
    act(() => {
      result.current.checkAll(ORDER);
    });
    expect(document.activeElement).toBe(radio);
    radio.remove();
  });
});
