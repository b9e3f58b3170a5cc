// The shop's phone and chat phone (organization data) as call links: in the header's bar on wide screens and
// at the top of the mobile menu on phones, so every width offers them (spec §2 header).
import type { Organization } from '../../../common/contract/frame.ts';

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function ShopPhones({ org, className }: { org: Pick<Organization, 'phone' | 'phone_chats'>; className: string }) {
  return (
    <>
      <a href={tel(org.phone)} className={className}>
        {org.phone}
      </a>
      <a href={tel(org.phone_chats)} className={`${className} ${className}--chat`} title="Телефон для чатов">
        {org.phone_chats} <small>чаты</small>
      </a>
    </>
  );
}
