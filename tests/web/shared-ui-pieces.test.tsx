import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActionMenu } from '../../web/src/components/ui/action-menu';
import { CheckboxField } from '../../web/src/components/ui/checkbox-field';
import { FormDialog } from '../../web/src/components/ui/form-dialog';
import { SelectField } from '../../web/src/components/ui/select-field';
import { TextAreaField } from '../../web/src/components/ui/text-area-field';
import { TextField } from '../../web/src/components/ui/text-field';

describe('form fields (one FieldShell)', () => {
  it.each([
    ['TextField', <TextField key="t" label="Name" hint="As on the card" error="Name is required" />],
    ['SelectField', <SelectField key="s" label="Name" options={[]} hint="As on the card" error="Name is required" />],
    ['TextAreaField', <TextAreaField key="a" label="Name" hint="As on the card" error="Name is required" />],
    ['CheckboxField', <CheckboxField key="c" label="Name" hint="As on the card" error="Name is required" />],
  ])('%s is labelled, marked invalid and described by its hint and error', (_name, field) => {
    render(field);
    const control = screen.getByLabelText('Name');
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveAccessibleDescription('As on the card Name is required');
  });

  it('a field without hint or error is not described and not marked invalid', () => {
    render(<TextField label="Name" />);
    const control = screen.getByLabelText('Name');
    expect(control).not.toHaveAttribute('aria-invalid');
    expect(control).not.toHaveAttribute('aria-describedby');
  });
});

describe('menu buttons (one useMenuButton)', () => {
  it('arrow keys open the menu on its first item, End moves to the last, Escape closes and focuses the button', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(
      <ActionMenu
        label="Actions for Ann"
        actions={[
          { key: 'edit', label: 'Edit', onSelect: vi.fn() },
          { key: 'delete', label: 'Delete', onSelect: onDelete, danger: true },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'Actions for Ann' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('FormDialog', () => {
  function dialog(props: { busy?: boolean; formError?: string | null; onSubmit?: () => void; onClose?: () => void }) {
    return (
      <FormDialog
        title="Reset password"
        formId="reset-form"
        busy={props.busy ?? false}
        submitLabel="Reset password"
        onSubmit={props.onSubmit ?? vi.fn()}
        onClose={props.onClose ?? vi.fn()}
        intro="Choose a new password."
        formError={props.formError ?? null}
      >
        <TextField label="New password" />
      </FormDialog>
    );
  }

  it('submits the form with its submit button and shows the form error above the fields', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(dialog({ onSubmit, formError: 'The password could not be reset.' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The password could not be reset.');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('while busy, Cancel and Escape cannot close it and submit is disabled', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(dialog({ busy: true, onClose }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Reset password/ })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
