/**
 * The Ampleye Virtual Consultant: the scleral fit troubleshooter's observations, its settings (the lab's
 * thresholds, editable by super admins), its suggestions, and consult requests the lab answers with a
 * proposed parameter set. The troubleshooting rules themselves live in core/rules/scleral-troubleshooter.ts.
 */

export * from './consult-id';
export * from './troubleshooter';
export * from './settings';
export * from './request';
export * from './reply';
export * from './public-form';
