// Back-office reads the shell's routing table names (a sidebar link's count). The table loads with every
// page, so this module stays free of zod: their answers' schemas live beside their resources.

/** GET /api/admin/refund-requests/count — staff; the open "Not happy?" requests and the overdue among them (RefundRequestCount). */
export const REFUND_REQUEST_COUNT_PATH = '/api/admin/refund-requests/count';
