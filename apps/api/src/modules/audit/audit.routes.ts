import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  AuditExportQuerySchema,
  AuditListQuerySchema,
  AuditListResponseSchema,
  USER_ADMIN_ROLES,
} from '@fonrisk/contracts';
import type { AuditService } from './audit.service.ts';
import { istanbulToday } from '../../connectors/dates.ts';

const tags = ['Denetim İzi'];
const ADMINS = { roles: USER_ADMIN_ROLES };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The audit trail for Admin and Super Admin: list with filters and Excel export. Read-only by
 * design: no route changes or deletes a record (docs/decisions/0027-audit-backup-and-deployment.md).
 */
export const auditRoutes: FastifyPluginCallbackZod<{ audit: AuditService }> = (
  app,
  { audit },
  done,
) => {
  app.get('/audit-log', {
    config: { access: ADMINS },
    schema: {
      tags,
      summary: 'Denetim izi',
      querystring: AuditListQuerySchema,
      response: { 200: AuditListResponseSchema },
    },
    handler: (request) => {
      const { limit, offset, ...filter } = request.query;
      return audit.list(filter, { limit, offset });
    },
  });

  app.get('/audit-log/export', {
    config: { access: ADMINS },
    schema: {
      tags,
      summary: 'Denetim izini Excel olarak indir',
      querystring: AuditExportQuerySchema,
    },
    handler: async (request, reply) => {
      const file = await audit.exportWorkbook(request.query);
      const name = `denetim-izi-${istanbulToday(Date.now())}.xlsx`;
      return reply
        .type(XLSX)
        .header('Content-Disposition', `attachment; filename="${encodeURIComponent(name)}"`)
        .send(file);
    },
  });
  done();
};
