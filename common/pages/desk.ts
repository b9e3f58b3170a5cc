// The manager's desk (/manage): the orders list, one order and the log of the exchanges with the accounting
// system (/manage/exchange), for the shop's staff only (the API refuses
// everyone else). Its component lives in a chunk of its own, which a shopper's page never loads; it asks
// nothing for the HTML (the staff member's orders are loaded by the page), and it is never kept for others.
import { definePage } from '../page-module.ts';

export const deskPage = definePage({
  key: 'desk',
  component: 'desk/DeskPage.tsx',
  routes: [
    { name: 'manage', pattern: '/manage', title: 'Заказы', crumb: 'Заказы', personal: true, staff: true },
    {
      name: 'manage-order',
      pattern: '/manage/orders/:pk',
      title: 'Заказ',
      crumb: 'Заказ',
      where: { pk: /^\d+$/ },
      personal: true,
      staff: true,
    },
    { name: 'manage-exchange', pattern: '/manage/exchange', title: 'Обмен с 1С', crumb: 'Обмен с 1С', personal: true, staff: true },
  ],
});
