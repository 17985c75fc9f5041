import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TermsPanel, type TermsPanelProps } from '../../web/src/features/terms/components/terms-panel';

function renderPanel(overrides: Partial<TermsPanelProps> = {}) {
  const props: TermsPanelProps = {
    termsUrl: '/terms.pdf',
    signedIn: true,
    accepting: false,
    onAccept: vi.fn(),
    onLogout: vi.fn(),
    signInHref: '/auth/login?returnUrl=%2Fterms',
    ...overrides,
  };
  render(<TermsPanel {...props} />);
  return props;
}

describe('terms page (spec 2 "Terms page", spec 5 terms checkbox)', () => {
  it("'Accept Terms' is disabled until 'I agree to the Terms and Conditions' is ticked", () => {
    const props = renderPanel();
    const accept = screen.getByRole('button', { name: 'Accept Terms' });
    expect(accept).toBeDisabled();

    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }));
    expect(accept).toBeEnabled();
    fireEvent.click(accept);
    expect(props.onAccept).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }));
    expect(accept).toBeDisabled();
  });

  it('shows the terms PDF in an embedded frame', () => {
    renderPanel();
    expect(screen.getByTitle('Terms and Conditions document (PDF)')).toHaveAttribute('src', '/terms.pdf');
  });

  it("the checkbox's link opens the terms in a new tab", () => {
    renderPanel();
    const link = screen.getByRole('link', { name: /^Terms and Conditions/ });
    expect(link).toHaveAttribute('href', '/terms.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('has a Logout button', () => {
    const props = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(props.onLogout).toHaveBeenCalledTimes(1);
  });

  it('visitors who are not signed in can read the terms but get a sign-in link instead of the checkbox', () => {
    renderPanel({ signedIn: false });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login?returnUrl=%2Fterms');
  });
});
