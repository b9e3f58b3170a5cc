// Third-party scripts are the shop owner's choice: GET /v1/integrations says which are configured, and the
// CSP admits the analytics counter's and the delivery widget's origins only when they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readConfig } from '../../server/config.ts';
import { EARLY_INPUT_SOURCE } from '../../server/plugins/security.ts';
import { oneBackend, startApp } from './harness.ts';

describe('third-party integrations', () => {
  const apps: FastifyInstance[] = [];
  const start = async (env: Record<string, string>) => {
    const app = await startApp(oneBackend[0], env);
    apps.push(app);
    return app;
  };
  let plain: FastifyInstance;
  let configured: FastifyInstance;
  beforeAll(async () => {
    plain = await start({});
    configured = await start({ ANALYTICS_COUNTER_ID: '98765432', DELIVERY_WIDGET_URL: 'https://widget.delivery.example/v2/widget.js' });
  }, 180_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('uses none by default, and the CSP admits only our own scripts', async () => {
    const res = await plain.inject('/api/v1/integrations');
    expect(res.json()).toMatchObject({ analytics_counter_id: null, delivery_widget_url: null });
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' ${EARLY_INPUT_SOURCE};`);
  });

  it('names the configured ones and admits their origins', async () => {
    const res = await configured.inject('/api/v1/integrations');
    expect(res.json()).toEqual({
      analytics_counter_id: '98765432',
      analytics_script_url: 'https://mc.yandex.ru/metrika/tag.js',
      delivery_widget_url: 'https://widget.delivery.example/v2/widget.js',
    });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain(`script-src 'self' ${EARLY_INPUT_SOURCE} https://mc.yandex.ru https://widget.delivery.example;`);
    expect(csp).toContain("connect-src 'self' https://mc.yandex.ru https://widget.delivery.example");
  });

  it('ignores a malformed setting instead of opening the CSP to it', () => {
    const c = readConfig({ ANALYTICS_COUNTER_ID: 'abc', DELIVERY_WIDGET_URL: 'http://insecure.example/w.js' });
    expect(c.analyticsCounterId).toBeUndefined();
    expect(c.deliveryWidgetUrl).toBeUndefined();
  });
});
