/** A day as the product writes it (YYYY/MM/DD), in UTC: the date mails and public pages give. */
export const formatDay = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '/');
