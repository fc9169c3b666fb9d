import { isUniqueViolation } from '@fonrisk/db';
import type { FtpFileRule, FtpFileRuleRequestSchema, TokenClaims } from '@fonrisk/contracts';
import type { z } from 'zod';
import { InvalidInputError } from '../../shared/domain-errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { PatternError, compilePattern, type CompiledPattern } from './file-pattern.ts';
import type { FtpContext } from './ftp-context.ts';
import { requireConnection } from './ftp-connection-rows.ts';
import { RuleNotFoundError, RulePatternTakenError } from './ftp.errors.ts';
import {
  deleteRuleRow,
  findRuleRow,
  insertRuleRow,
  listRuleRows,
  toFtpFileRule,
  updateRuleRow,
} from './ftp.repository.ts';

type FileRuleRequest = z.output<typeof FtpFileRuleRequestSchema>;

function compileRulePattern(pattern: string): CompiledPattern {
  try {
    return compilePattern(pattern);
  } catch (error) {
    if (error instanceof PatternError) {
      throw new InvalidInputError(`Dosya adı kalıbı geçersiz: ${error.message}.`, [
        { field: 'pattern', message: error.message },
      ]);
    }
    throw error;
  }
}

/** The file rules of the connections: which inbound names are pulled, as which import kind. */
export function createRuleService({ db }: FtpContext) {
  return {
    async listRules(connectionId?: number): Promise<FtpFileRule[]> {
      return (await listRuleRows(db, connectionId)).map(toFtpFileRule);
    },

    async createRule(actor: TokenClaims, request: FileRuleRequest): Promise<FtpFileRule> {
      compileRulePattern(request.pattern);
      try {
        return await db.transaction(async (tx) => {
          await requireConnection(tx, request.connectionId);
          const rule = toFtpFileRule(await insertRuleRow(tx, request));
          await recordAudit(tx, {
            actor,
            action: 'ftp-rule.create',
            entity: 'ftp-rule',
            entityId: rule.id,
            after: rule,
          });
          return rule;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new RulePatternTakenError(request.pattern);
        throw error;
      }
    },

    async updateRule(
      actor: TokenClaims,
      id: number,
      request: FileRuleRequest,
    ): Promise<FtpFileRule> {
      compileRulePattern(request.pattern);
      try {
        return await db.transaction(async (tx) => {
          const before = await findRuleRow(tx, id);
          if (!before) throw new RuleNotFoundError(id);
          await requireConnection(tx, request.connectionId);
          const rule = toFtpFileRule((await updateRuleRow(tx, id, request))!);
          await recordAudit(tx, {
            actor,
            action: 'ftp-rule.update',
            entity: 'ftp-rule',
            entityId: id,
            before: toFtpFileRule(before),
            after: rule,
          });
          return rule;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new RulePatternTakenError(request.pattern);
        throw error;
      }
    },

    async deleteRule(actor: TokenClaims, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await deleteRuleRow(tx, id);
        if (!row) throw new RuleNotFoundError(id);
        await recordAudit(tx, {
          actor,
          action: 'ftp-rule.delete',
          entity: 'ftp-rule',
          entityId: id,
          before: toFtpFileRule(row),
        });
      });
    },
  };
}
