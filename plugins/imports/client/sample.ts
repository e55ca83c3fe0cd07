/**
 * A small members CSV in Ghost's export format, which the Import page offers for download so that
 * someone trying Masthead can run an import without an export of their own.
 */
import { downloadCsv } from '../../../core/client/csv';

export function downloadSampleMembers(): void {
  downloadCsv('ghost-members-sample.csv', [
    ['id', 'email', 'name', 'note', 'subscribed_to_emails', 'complimentary_plan', 'stripe_customer_id', 'created_at', 'deleted_at', 'labels', 'tiers'],
    ['64a000000000000000000001', 'deniz.aksoy@example.com', 'Deniz Aksoy', '', 'true', 'false', '', '2022-01-10T09:00:00.000Z', '', 'Early reader', ''],
    ['64a000000000000000000002', 'selin.yilmaz@example.com', 'Selin Yılmaz', '', 'true', 'true', '', '2022-06-01T12:30:00.000Z', '', 'VIP,Press', 'Gold'],
    ['64a000000000000000000003', 'mert.kaya@example.com', 'Mert Kaya', '', 'false', 'false', '', '2023-03-15T18:45:00.000Z', '', '', ''],
    ['64a000000000000000000004', 'ada.sahin@example.com', 'Ada Şahin', '', 'true', 'false', '', '2024-09-20T07:15:00.000Z', '', 'Early reader', ''],
  ]);
}
