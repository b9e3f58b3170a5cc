// Russian words for an order's state in the history: its status, its payment and its delivery method.
const STATUS: Record<string, string> = {
  new: 'Новый',
  paid: 'Оплачен',
  processing: 'В обработке',
  assembled: 'Собран',
  shipped: 'Передан в доставку',
  delivered: 'Доставлен',
  completed: 'Выполнен',
  cancelled: 'Отменён',
  canceled: 'Отменён',
};

const DELIVERY: Record<string, string> = {
  courier: 'Курьером',
  pickup: 'В пункт выдачи',
};

/** A status the shop may add later reads as the server sent it rather than disappearing. */
export const statusText = (status: string): string => STATUS[status] ?? status;

export const paymentText = (paymentStatus: string): string => (paymentStatus === 'paid' ? 'Оплачен' : 'Ждёт оплаты');

export const deliveryText = (method: string): string => DELIVERY[method] ?? method;
