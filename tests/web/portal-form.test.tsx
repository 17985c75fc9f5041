import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as z from '../../core/zod';
import { TextField } from '../../web/src/components/ui/text-field';
import { FormError } from '../../web/src/forms/form-error';
import { SubmitButton } from '../../web/src/forms/submit-button';
import { usePortalForm, type PortalFormOptions } from '../../web/src/forms/use-portal-form';
import { CallableError } from '../../web/src/lib/callable-error';

const schema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Email is required')),
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required')),
});
type Values = { email: string; name: string };
type Options = PortalFormOptions<Values, typeof schema, z.output<typeof schema>>;

function TestForm(props: Partial<Options>) {
  const form = usePortalForm<Values, typeof schema>({
    initial: { email: '', name: '' },
    schema,
    failureMessage: 'It could not be saved.',
    submit: async () => undefined,
    ...props,
  });
  return (
    <form id={form.formId} onSubmit={form.submit} noValidate>
      <FormError message={form.formError} />
      {form.conflict.active ? <p>Changed elsewhere</p> : null}
      <TextField label="Email" {...form.field('email')} />
      <TextField label="Name" {...form.field('name')} />
      <SubmitButton busy={form.busy}>Save</SubmitButton>
    </form>
  );
}

const conflict = () =>
  new CallableError({ route: 'save', httpStatus: 409, status: 'aborted', message: 'Email is taken' });

describe('usePortalForm (every form with fields)', () => {
  it('checks with the schema: messages beside the fields, focus on the first, nothing sent', async () => {
    const submit = vi.fn(async (_data: unknown, _values: unknown) => undefined);
    render(<TestForm submit={submit} invalidMessage="Please correct the marked fields." />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the marked fields.');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(submit).not.toHaveBeenCalled();
  });

  it("a field's message goes when it is edited; the submit gets the schema's output and the typed values", async () => {
    const submit = vi.fn(async (_data: unknown, _values: unknown) => undefined);
    render(<TestForm submit={submit} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.type(screen.getByLabelText('Email'), ' ann@lab.test ');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledWith(
      { email: 'ann@lab.test', name: 'Ann' },
      { email: ' ann@lab.test ', name: 'Ann' },
    );
  });

  it('a schema given as a loader is loaded on submit', async () => {
    const load = vi.fn(async () => schema);
    render(<TestForm schema={load} />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("the server's field errors show beside their fields and its message above them", async () => {
    const submit = vi.fn(async () => {
      throw new CallableError({
        route: 'save',
        httpStatus: 400,
        status: 'invalid-argument',
        message: 'Check the name',
        fieldErrors: { name: ['Name is too long'] },
      });
    });
    render(<TestForm initial={{ email: 'a@b.test', name: 'N' }} submit={submit} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is too long')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Check the name');
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('a 409 goes beside its conflict field, or to the "reload" warning of a versioned save', async () => {
    const submit = vi.fn(async () => {
      throw conflict();
    });
    const { unmount } = render(
      <TestForm initial={{ email: 'a@b.test', name: 'N' }} submit={submit} conflictField="email" />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is taken')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    unmount();

    render(<TestForm initial={{ email: 'a@b.test', name: 'N' }} submit={submit} onReload={async () => undefined} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changed elsewhere')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('a@b.test');
  });

  it('sends once at a time and shows progress meanwhile', async () => {
    let finish = () => {};
    const submit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<TestForm initial={{ email: 'a@b.test', name: 'N' }} submit={submit} />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Save' });
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'true');
    screen.getByRole('button', { name: 'Save' }).closest('form')!.requestSubmit();
    expect(submit).toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-busy'));
  });
});
