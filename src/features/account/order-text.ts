// Russian words for an order's delivery method in the history (its statuses come named by the server).

const DELIVERY: Record<string, string> = {
  courier: 'Курьером',
  pickup: 'В пункт выдачи',
};

export const deliveryText = (method: string): string => DELIVERY[method] ?? method;
