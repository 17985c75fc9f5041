import { CHANGED_MESSAGES } from '../../core/messages';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EmailTemplate } from '../../core/schemas/email/email';
import {
  EmailTemplateEditor,
  type EmailTemplateEditorProps,
} from '../../web/src/features/email/components/email-template-editor';
import { EmailTemplateList } from '../../web/src/features/email/components/email-template-list';
import { LabRecipientsCard, parseRecipients } from '../../web/src/features/email/components/lab-recipients-card';
import { CallableError } from '../../web/src/lib/callable-error';

const TEMPLATE: EmailTemplate = {
  kind: 'order-closed',
  subject: 'Closed {{orderNumber}}',
  body: 'Invoice {{invoiceNumber}}',
  version: 2,
  defaults: { subject: 'Default subject', body: 'Default body {{orderNotes}}' },
};

function renderEditor(overrides: Partial<EmailTemplateEditorProps> = {}) {
  const props: EmailTemplateEditorProps = {
    template: TEMPLATE,
    testAddress: 'admin@lab.test',
    onSave: vi.fn(async () => undefined),
    onReload: vi.fn(async () => undefined),
    preview: vi.fn(async (input) => ({ subject: input.subject, html: `<p>${input.body}</p>`, text: input.body })),
    sendTest: vi.fn(async () => ({ sent: true })),
    ...overrides,
  };
  render(<EmailTemplateEditor {...props} />);
  return { props, user: userEvent.setup() };
}

describe('Email Management editor', () => {
  it('shows the server-rendered preview in an iframe sandboxed with sandbox=""', async () => {
    renderEditor();
    const frame = await screen.findByTitle('Email preview');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Invoice {{invoiceNumber}}</p>');
  });

  it("lists the email's placeholders and inserts one where the cursor was", async () => {
    const { user } = renderEditor();
    const body = screen.getByLabelText('Body');
    await user.clear(body);
    await user.type(body, 'Notes: ');
    await user.click(screen.getByRole('button', { name: '{{orderNotes}}' }));
    expect(body).toHaveValue('Notes: {{orderNotes}}');
    expect(screen.queryByRole('button', { name: '{{company}}' })).toBeNull();
  });

  it('saves the text with the version read', async () => {
    const { props, user } = renderEditor();
    const subject = screen.getByLabelText(/Subject/);
    await user.clear(subject);
    await user.type(subject, 'Done');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(props.onSave).toHaveBeenCalledWith({
      kind: 'order-closed',
      version: 2,
      subject: 'Done',
      body: 'Invoice {{invoiceNumber}}',
    });
  });

  it('a 409 on save says the template changed and keeps the text', async () => {
    const conflict = new CallableError({
      route: 'updateEmailTemplate',
      httpStatus: 409,
      status: 'aborted',
      message: CHANGED_MESSAGES.emailTemplate,
    });
    const { user } = renderEditor({ onSave: vi.fn(async () => Promise.reject(conflict)) });
    await user.type(screen.getByLabelText(/Subject/), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CHANGED_MESSAGES.emailTemplate)).toBeInTheDocument();
    expect(screen.getByLabelText(/Subject/)).toHaveValue('Closed {{orderNumber}}!');
  });

  it('Reset to default puts the built-in text in the editor (saved only with Save)', async () => {
    const { props, user } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(screen.getByLabelText(/Subject/)).toHaveValue('Default subject');
    expect(screen.getByLabelText('Body')).toHaveValue('Default body {{orderNotes}}');
    expect(props.onSave).not.toHaveBeenCalled();
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
  });

  it("sends a test to the signed-in admin's address by default, and says so when it was not sent", async () => {
    const sendTest = vi.fn(async () => ({ sent: false }));
    const { user } = renderEditor({ sendTest });
    expect(screen.getByLabelText('Send a test to')).toHaveValue('admin@lab.test');
    await user.click(screen.getByRole('button', { name: 'Send test' }));
    expect(sendTest).toHaveBeenCalledWith(expect.objectContaining({ to: 'admin@lab.test', kind: 'order-closed' }));
    expect(await screen.findByText('The test email could not be sent. Try again later.')).toBeInTheDocument();
  });

  it('refuses an empty subject before calling the server', async () => {
    const { props, user } = renderEditor();
    await user.clear(screen.getByLabelText(/Subject/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Subject is required')).toBeInTheDocument();
    expect(props.onSave).not.toHaveBeenCalled();
  });
});

describe('Email list', () => {
  it('shows human labels and marks the open email', async () => {
    const onSelect = vi.fn();
    render(
      <EmailTemplateList
        templates={[TEMPLATE, { ...TEMPLATE, kind: 'user-invited', version: 0 }]}
        selected="order-closed"
        onSelect={onSelect}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Emails' });
    expect(within(nav).getByRole('button', { name: /Order closed/ })).toHaveAttribute('aria-current', 'true');
    await userEvent.setup().click(within(nav).getByRole('button', { name: /User invited/ }));
    expect(onSelect).toHaveBeenCalledWith('user-invited');
  });
});

describe('Lab notification recipients', () => {
  it('accepts addresses separated by lines, commas or semicolons', () => {
    expect(parseRecipients('a@x.test, b@x.test\nc@x.test; ')).toEqual(['a@x.test', 'b@x.test', 'c@x.test']);
  });

  it('names an invalid address and does not save', async () => {
    const onSave = vi.fn(async () => undefined);
    render(
      <LabRecipientsCard settings={{ recipients: ['lab@x.test'], version: 1 }} onSave={onSave} onReload={vi.fn()} />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email addresses'), ', not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save recipients' }));
    expect(await screen.findByText('"not-an-email": Enter a valid email address')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the parsed list with the version read', async () => {
    const onSave = vi.fn(async () => undefined);
    render(
      <LabRecipientsCard settings={{ recipients: ['lab@x.test'], version: 1 }} onSave={onSave} onReload={vi.fn()} />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email addresses'), ', b@x.test');
    await user.click(screen.getByRole('button', { name: 'Save recipients' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ recipients: ['lab@x.test', 'b@x.test'], version: 1 }));
  });
});
