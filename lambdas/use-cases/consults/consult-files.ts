import { notFound, permissionDenied } from '../../../core/errors';
import { CONSULT_NOT_FOUND, CONSULT_STATUS_LABELS, type ConsultStatus } from '../../../core/schemas/consults';
import type { OrderFile } from '../../../core/schemas/attachments';
import type { Identity } from '../../auth/verify-token';
import type { AttachedFiles } from '../../ports/attached-files';
import type { ConsultStore } from '../../ports/consult-store';
import type { UsersRepository } from '../../ports/users-repository';
import * as attached from '../attachments';
import { linkedAccountOf } from './consult-views';
import { isLab } from '../../kernel/caller';

/**
 * A consult's files (photos, OCT, topography) under the order attachment rules (attached-files.ts). Only a
 * practice's consult has files: a visitor's request has no account and sends none.
 */
export interface ConsultFileDeps {
  consults: Pick<ConsultStore, 'get'>;
  users: Pick<UsersRepository, 'get'>;
  /** The consult files (CONSULT_FILES). */
  files: AttachedFiles;
}

/** The practice adds and removes files until the lab has answered: the answer was written for what it saw. */
export const CONSULT_FILE_CHANGE_STATUSES: readonly ConsultStatus[] = ['new'];

export const consultFilesLockedMessage = (status: ConsultStatus) =>
  `This consult is ${CONSULT_STATUS_LABELS[status].toLowerCase()}: its files can no longer be changed.`;

/**
 * A user linked to the consult's account sees its files and changes them while the consult is new; the lab
 * (admin) sees them and never changes them. Everyone else, and every consult without an account (a
 * visitor's), gets CONSULT_NOT_FOUND.
 */
export const consultFileAccess = (deps: Omit<ConsultFileDeps, 'files'>): attached.FileAccess => ({
  noun: 'consult',
  async open(caller, consultId) {
    const consult = await deps.consults.get(consultId);
    const accountNumber = consult?.accountNumber;
    if (!consult || !accountNumber) throw notFound(CONSULT_NOT_FOUND);
    if (await linkedAccountOf(caller, accountNumber, deps)) {
      return {
        assertChangeable() {
          if (!CONSULT_FILE_CHANGE_STATUSES.includes(consult.status)) {
            throw permissionDenied(consultFilesLockedMessage(consult.status));
          }
        },
      };
    }
    if (isLab(caller)) {
      return {
        assertChangeable() {
          throw notFound(CONSULT_NOT_FOUND);
        },
      };
    }
    throw notFound(CONSULT_NOT_FOUND);
  },
});

const rules = (deps: ConsultFileDeps): attached.FileRulesDeps => ({
  access: consultFileAccess(deps),
  files: deps.files,
});

export const generateConsultUploadUrl = (
  caller: Identity,
  input: { consultId: string; filename: string; contentType: string; size: number },
  deps: ConsultFileDeps,
): Promise<{ url: string; key: string }> => attached.generateUploadUrl(caller, input.consultId, input, rules(deps));

export const confirmConsultFile = (
  caller: Identity,
  input: { consultId: string; filename: string },
  deps: ConsultFileDeps,
): Promise<{ file: OrderFile }> => attached.confirmFile(caller, input.consultId, input, rules(deps));

export const listConsultFiles = (
  caller: Identity,
  input: { consultId: string },
  deps: ConsultFileDeps,
): Promise<{ files: OrderFile[] }> => attached.listFiles(caller, input.consultId, rules(deps));

export const generateConsultDownloadUrl = (
  caller: Identity,
  input: { consultId: string; filename: string },
  deps: ConsultFileDeps,
): Promise<{ url: string }> => attached.generateDownloadUrl(caller, input.consultId, input, rules(deps));

export const deleteConsultFile = (
  caller: Identity,
  input: { consultId: string; filename: string },
  deps: ConsultFileDeps,
): Promise<{ success: boolean }> => attached.deleteFile(caller, input.consultId, input, rules(deps));
