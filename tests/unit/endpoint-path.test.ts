// The paths the page and the service worker call are filled from the endpoint table: each ":x" encoded as
// one segment, "*" segment by segment (a category path keeps its slashes), and the result is a path the
// service worker's rules recognise as the same entry.
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, endpointPath, isOfflineEndpoint } from '../../common/endpoints.ts';

describe('endpointPath', () => {
  it('encodes a parameter as one segment and a "*" segment by segment', () => {
    expect(endpointPath(ENDPOINTS.brand.path, { slug: 'Beach Bunny/2' })).toBe('/v1/brands/Beach%20Bunny%2F2');
    expect(endpointPath(ENDPOINTS.category.path, { '*': 'muzhskoe/odezhda/futbolki' })).toBe('/v1/category/muzhskoe/odezhda/futbolki');
    expect(endpointPath(ENDPOINTS.search.path, { '*': 'купальник #1' })).toBe(
      '/v1/search/%D0%BA%D1%83%D0%BF%D0%B0%D0%BB%D1%8C%D0%BD%D0%B8%D0%BA%20%231',
    );
    expect(endpointPath(ENDPOINTS.cartUpdate.path, { item_uuid: 'a-b' })).toBe('/v2/cart/a-b/');
    expect(endpointPath(ENDPOINTS.offers.path, {})).toBe('/v1/offers/');
  });

  it('gives the paths the service worker keeps offline, and only those', () => {
    expect(isOfflineEndpoint(endpointPath(ENDPOINTS.search.path, { '*': 'бикини' }))).toBe(true);
    expect(isOfflineEndpoint(endpointPath(ENDPOINTS.landingPage.path, { slug: 'leto' }))).toBe(true);
    expect(isOfflineEndpoint(endpointPath(ENDPOINTS.cartRemove.path, { item_uuid: 'x' }))).toBe(false);
  });
});
