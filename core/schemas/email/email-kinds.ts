/**
 * Email templates (Email Management, super admins): one per email the portal sends. Subjects and bodies hold
 * `{{placeholder}}`s filled from the event; values are escaped when the body is built (lambdas/email).
 */
export const EMAIL_KINDS = [
  'order-submitted',
  'order-approved',
  'order-on-hold',
  'order-rejected',
  'order-closed',
  'order-cancelled',
  'order-resubmitted',
  // The lab moved an approved order's ship date (recordOrderDelay).
  'order-delayed',
  // A parcel reported missing or damaged (reportParcelProblem, to the lab) and the lab's decision (to the practice).
  'parcel-claim-opened',
  'parcel-claim-decided',
  'account-request-received',
  'account-request-approved',
  'account-request-rejected',
  // To a practice's users when an account request links someone else to it.
  'practice-user-linked',
  'user-invited',
  // Invoices, Pay Online, Lens Credit (lambdas/adapters/template-money-notifier.ts).
  'invoice-issued',
  'payment-receipt',
  'payment-received',
  'payment-failed',
  // The billing desk: a card payment paid back (to the payer), a chargeback opened or decided (to the lab).
  'payment-refunded',
  'payment-disputed',
  'credit-granted',
  'claim-submitted',
  'claim-decided',
  'warranty-ending',
  // The monthly statements job (lambdas/use-cases/statements), and a correction the lab issues.
  'statement-issued',
  // The autopay job (lambdas/use-cases/payments/autopay): a bank's authentication request, a final failure.
  'autopay-authentication',
  'autopay-failed',
  // The daily payment reminders job (lambdas/use-cases/invoices/payment-reminders.ts).
  'payment-reminder',
  // The Ampleye Virtual Consultant (lambdas/adapters/template-consult-notifier.ts).
  'consult-received',
  'consult-answered',
  // The notification centre's daily digest (lambdas/use-cases/notifications/send-digests.ts).
  'notification-digest',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** One payment as the payer's receipt and the lab's copy both show it. */
const PAYMENT_SAMPLE = {
  payerName: 'Dr Alex Moreau',
  receiptNumber: 'R-20250201-0007',
  accountNumber: 'BV-1001',
  company: 'Brightview Eye Care',
  paidAmount: '$808.50',
  cardAmount: '$708.50',
  creditAmount: '$100.00',
  overpaidAmount: '$0.00',
  paidOn: '2025-02-01',
  invoiceList: 'INV-5001: $808.50 paid, balance now $0.00',
};

/** One warranty claim as the lab's notice and the practice's decision email both show it. */
const CLAIM_SAMPLE = {
  accountNumber: 'BV-1001',
  claimKind: 'Cancellation for credit',
  orderNumber: 'LL-000123',
  patientName: 'J. Doe',
  eye: 'OS (left eye)',
  lensName: 'Scleral 16.5',
};

/** The placeholders each email may use, with sample values for the preview. */
export const EMAIL_PLACEHOLDERS: Record<EmailKind, Record<string, string>> = {
  // shipBy, arriveBy: the promise counted at submit (core/rules/ship-date.ts), written out for people.
  'order-submitted': {
    orderNumber: 'LL-000123',
    patientName: 'J. Doe',
    accountNumber: 'BV-1001',
    company: 'Brightview Eye Care',
    shipBy: 'Tuesday, December 8, 2026',
    arriveBy: 'Friday, December 11, 2026',
    orderLink: 'https://portal.example/customer/orders/123',
  },
  'order-approved': {
    orderNumber: 'LL-000123',
    patientName: 'J. Doe',
    accountNumber: 'BV-1001',
    note: 'Ships Thursday',
    shipBy: 'Tuesday, December 8, 2026',
    arriveBy: 'Friday, December 11, 2026',
    orderLink: 'https://portal.example/customer/orders/123',
  },
  'order-on-hold': {
    orderNumber: 'LL-000123',
    patientName: 'J. Doe',
    accountNumber: 'BV-1001',
    message: 'Please send the latest topography.',
    orderLink: 'https://portal.example/customer/orders/123',
  },
  'order-rejected': {
    orderNumber: 'LL-000123',
    patientName: 'J. Doe',
    accountNumber: 'BV-1001',
    reason: 'Parameters outside what we can make.',
    orderLink: 'https://portal.example/customer/orders/123',
  },
  // spec 9: patient name, invoice number (N/A if absent), order notes ("No order notes provided" if absent).
  // tracking: one line per parcel, its carrier, number and the carrier's tracking page (built from checked
  // numbers only, so it is shown as written: lambdas/email/render-template.ts).
  'order-closed': {
    orderNumber: 'LL-000123',
    patientName: 'J. Doe',
    accountNumber: 'BV-1001',
    invoiceNumber: 'INV-5001',
    orderNotes: 'No order notes provided',
    tracking: 'UPS 1Z999AA10123456784: https://www.ups.com/track?tracknum=1Z999AA10123456784',
    orderLink: 'https://portal.example/customer/orders/123',
  },
  'order-cancelled': {
    orderNumber: 'LL-000123',
    patientName: 'J. Doe',
    accountNumber: 'BV-1001',
    reason: 'Patient moved away',
  },
  // To the lab when a practice answers a hold; the link is the lab's order page.
  'order-resubmitted': {
    orderNumber: 'LL-000123',
    patientName: 'J. Doe',
    accountNumber: 'BV-1001',
    company: 'Brightview Eye Care',
    answer: 'Topography attached; OS sphere corrected to -2.75.',
    orderLink: 'https://portal.example/admin/order-approval/123',
  },
  // To the practice: the lab's reason, the ship date it replaces and the new dates.
  'order-delayed': {
    orderNumber: 'LL-000123',
    patientName: 'J. Doe',
    accountNumber: 'BV-1001',
    reason: 'The lathe needs a repair part; your lenses are next in line.',
    previousShipBy: 'Tuesday, December 8, 2026',
    shipBy: 'Thursday, December 10, 2026',
    arriveBy: 'Tuesday, December 15, 2026',
    orderLink: 'https://portal.example/customer/orders/123',
  },
  // To the lab's notification recipients; the note is the practice's words (shown as text).
  'parcel-claim-opened': {
    orderNumber: 'LL-000123',
    patientName: 'J. Doe',
    accountNumber: 'BV-1001',
    company: 'Brightview Eye Care',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    problem: 'missing',
    note: 'Tracking says delivered on Friday; nothing arrived at the office.',
    orderLink: 'https://portal.example/admin/order-approval/123',
  },
  // To the practice: replaced ("we are making replacement lenses at no charge") or declined with the lab's reason.
  'parcel-claim-decided': {
    orderNumber: 'LL-000123',
    patientName: 'J. Doe',
    accountNumber: 'BV-1001',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    problem: 'missing',
    decision: 'Replaced',
    outcome: 'We are making replacement lenses at no charge; they ship as a new parcel.',
    note: 'None',
    orderLink: 'https://portal.example/customer/orders/123',
  },
  'account-request-received': {
    company: 'ClearSight Optometry',
    contactName: 'Jamie Lindqvist',
    email: 'jamie@clearsight.test',
    phone: '(503) 555-0170',
    fax: 'none given',
    address: '9 Harbor Road, Portland, OR, 97201',
    stateLicenseNumber: 'OR-12345',
    buyingGroup: 'Vision Source',
    existingAccountNumber: 'none given',
    userEmail: 'jamie@clearsight.test',
    portalUrl: 'https://portal.example',
  },
  'account-request-approved': {
    company: 'ClearSight Optometry',
    accountNumber: 'CS-3001',
    portalUrl: 'https://portal.example',
  },
  'account-request-rejected': { company: 'ClearSight Optometry', reason: 'We could not verify the license number.' },
  'practice-user-linked': {
    company: 'Brightview Eye Care',
    accountNumber: 'BV-1001',
    linkedUserEmail: 'jamie@clearsight.test',
    contactName: 'Jamie Lindqvist',
    portalUrl: 'https://portal.example',
  },
  'user-invited': { firstName: 'Alex', email: 'alex@lab.example', portalUrl: 'https://portal.example' },
  // Amounts are formatted dollars ("$1,234.50"); no card data ever reaches an email.
  'invoice-issued': {
    invoiceNumber: 'INV-5001',
    accountNumber: 'BV-1001',
    company: 'Brightview Eye Care',
    orderNumbers: 'LL-000123, LL-000124',
    totalAmount: '$808.50',
    balanceAmount: '$808.50',
    dueDate: '2025-03-01',
    invoiceLink: 'https://portal.example/customer/payment?invoice=INV-5001&account=BV-1001',
  },
  // To the payer.
  'payment-receipt': {
    ...PAYMENT_SAMPLE,
    paymentLink: 'https://portal.example/customer/payment?account=BV-1001',
  },
  'autopay-authentication': {
    payerName: 'Dr Alex Moreau',
    accountNumber: 'BV-1001',
    month: 'December 2026',
    cardAmount: '$708.50',
    invoiceNumbers: 'INV-5001',
    authenticateLink: 'https://portal.example/customer/payment?account=BV-1001&tab=autopay&authenticate=6f1c...',
    deadline: 'Tuesday, December 22, 2026',
  },
  'autopay-failed': {
    payerName: 'Dr Alex Moreau',
    accountNumber: 'BV-1001',
    month: 'December 2026',
    cardAmount: '$708.50',
    invoiceNumbers: 'INV-5001',
    failureMessage: 'Your card was declined.',
    paymentLink: 'https://portal.example/customer/payment?account=BV-1001',
  },
  // The lab's copy of a payment.
  'payment-received': {
    ...PAYMENT_SAMPLE,
    invoicesLink: 'https://portal.example/admin/invoices',
  },
  'payment-failed': {
    payerName: 'Dr Alex Moreau',
    accountNumber: 'BV-1001',
    cardAmount: '$708.50',
    invoiceNumbers: 'INV-5001',
    failureMessage: 'Your card was declined.',
    paymentLink: 'https://portal.example/customer/payment?account=BV-1001',
  },
  'payment-refunded': {
    payerName: 'Dr Alex Moreau',
    accountNumber: 'BV-1001',
    company: 'Brightview Eye Care',
    refundAmount: '$120.00',
    refundNumber: 'RF-20250210-1A2B3C4D',
    receiptNumber: 'R-20250201-0007',
    invoiceNumber: 'INV-5001',
    balanceAmount: '$120.00',
    refundedOn: '2025-02-10',
    reason: 'One lens returned unopened.',
    paymentLink: 'https://portal.example/customer/payment?account=BV-1001',
  },
  // To the lab's notification recipients when the card's bank opens or decides a chargeback.
  'payment-disputed': {
    accountNumber: 'BV-1001',
    company: 'Brightview Eye Care',
    disputeAmount: '$808.50',
    disputeStatus: 'Open',
    disputeReason: 'fraudulent',
    receiptNumber: 'R-20250201-0007',
    invoiceNumbers: 'INV-5001',
    invoicesLink: 'https://portal.example/admin/invoices',
  },
  'credit-granted': {
    accountNumber: 'BV-1001',
    company: 'Brightview Eye Care',
    creditAmount: '$250.00',
    reason: 'Goodwill',
    orderNumber: 'N/A',
    note: 'Thank you for your patience with order LL-000123.',
    balanceAmount: '$350.00',
    creditLink: 'https://portal.example/customer/credit',
  },
  // To the lab's notification recipients.
  'claim-submitted': {
    ...CLAIM_SAMPLE,
    creditAmount: '$400.00',
    note: 'The patient could not adapt to the lens.',
    claimsLink: 'https://portal.example/admin/warranty-claims',
  },
  'claim-decided': {
    ...CLAIM_SAMPLE,
    decision: 'Approved, waiting for the lens',
    nextStep: 'Please send the lens back to the lab: $400.00 becomes lens credit when it arrives.',
    creditLink: 'https://portal.example/customer/credit',
  },
  // The daily job: lenses entering the last 14 days of their warranty window.
  'warranty-ending': {
    accountNumber: 'BV-1001',
    company: 'Brightview Eye Care',
    lensCount: '2 lenses',
    // Literals only, no call: the bundler then drops this table from the functions that never read it.
    lensList:
      'Order LL-000123 OS, Scleral 16.5 (patient J. Doe): warranty ends 2025-03-01, 14 days left\n' +
      'Order LL-000124 OD, Scleral 16.5 (patient A. Smith): warranty ends 2025-03-01, 14 days left',
    creditLink: 'https://portal.example/customer/credit',
  },
  'statement-issued': {
    accountNumber: 'BV-1001',
    company: 'Brightview Eye Care',
    month: 'November 2026',
    openingAmount: '$1,200.00',
    chargesAmount: '$808.50',
    paymentsAmount: '$1,000.00',
    creditsAmount: '$100.00',
    closingAmount: '$908.50',
    pastDueAmount: '$200.00',
    correctionNote: '',
    statementLink: 'https://portal.example/customer/payment?account=BV-1001&tab=statements',
  },
  // The daily job: an unpaid invoice reached one of the lab's reminder days.
  'payment-reminder': {
    invoiceNumber: 'INV-5001',
    accountNumber: 'BV-1001',
    company: 'Brightview Eye Care',
    balanceAmount: '$808.50',
    dueDate: '2025-03-01',
    when: '7 days past due',
    invoiceLink: 'https://portal.example/customer/payment?invoice=INV-5001&account=BV-1001',
  },
  // To the lab's notification recipients: a practice's or a visitor's consult request waits in the queue.
  // What the requester typed is shown as text under `sentBy` ("Sent by a visitor" / "Sent by the practice").
  'consult-received': {
    reference: 'AVC-K7M3-9QX2',
    requestKind: 'Practice request (account BV-1001)',
    sentBy: 'Sent by the practice',
    practiceName: 'Brightview Eye Care',
    requesterName: 'Dr Alex Moreau',
    requesterEmail: 'alex@brightview.example',
    patient: 'RX-204',
    eye: 'OD (right eye)',
    currentLens: 'Ampleye 16.0',
    question: 'Edge lift at 6 o’clock after an hour of wear. Steepen the landing there, or go toric?',
    consultLink: 'https://portal.example/admin/consults/42',
  },
  // To whoever asked. A practice's email links its consult page ("Order this"); a visitor, who has no sign-in,
  // reads the whole answer in the email, and `consultLink` is empty for them.
  'consult-answered': {
    reference: 'AVC-000042',
    requesterName: 'Dr Alex Moreau',
    practiceName: 'Brightview Eye Care',
    patient: 'RX-204',
    eye: 'OD (right eye)',
    question: 'Edge lift at 6 o’clock after an hour of wear. Steepen the landing there, or go toric?',
    answer: 'Go toric: 100 µm between the meridians, steeper at 6 and 12. Keep the sag.',
    proposedLens: 'Ampleye: Sagittal depth 4300 µm, Diameter 16.0 mm, Landing zone Toric, Landing zone toricity 100 µm',
    nextStep: 'See the answer and order this lens with “Order this” at',
    consultLink: 'https://portal.example/customer/consults/42',
  },
  // To a practice user, once a day, when they chose "Daily digest" for some events.
  'notification-digest': {
    firstName: 'Alex',
    digestDate: '2025-02-01',
    updateCount: '3 updates',
    notificationList:
      'Order approved (2)\n- Order LL-000123 approved\n- Order LL-000124 approved\n\n' +
      'Invoice issued (1)\n- Invoice INV-5001 issued',
    inboxLink: 'https://portal.example/notifications',
  },
};
