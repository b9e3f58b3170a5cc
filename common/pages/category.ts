// A category's list of offers, at every depth and with its tag: /kupalniki, /kupalniki/bikini/tag/s-push-up.
import { ROOTS, type Root } from '../catalog-basics.ts';
import { listingAsks, type ListingAsks } from '../listing-scope.ts';
import { definePage, type PageModule } from '../page-module.ts';
import { namedTitle } from '../titles.ts';

const ROOT_TITLES: Record<Root, string> = {
  kupalniki: 'Купальники',
  bele: 'Бельё',
  odezhda: 'Одежда',
  obuv: 'Обувь',
  aksessuary: 'Аксессуары',
  detskoe: 'Детское',
  muzhskoe: 'Мужское',
};

const NOT_DIGITS = /^(?!\d+$)/;

function rootRoutes(root: Root): PageModule['routes'] {
  const r = `/${root}`;
  const title = ROOT_TITLES[root];
  const routes: PageModule['routes'] = [
    { name: root, pattern: r, title },
    { name: `${root}-tag`, pattern: `${r}/tag/:tag?`, title },
    { name: `${root}-subCategory`, pattern: `${r}/:subCategory`, title },
    { name: `${root}-subCategory-tag`, pattern: `${r}/:subCategory/tag/:tag?`, title },
    { name: `${root}-categorySubCategory`, pattern: `${r}/:subCategory/:categorySubCategory`, title },
    { name: `${root}-categorySubCategory-tag`, pattern: `${r}/:subCategory/:categorySubCategory/tag/:tag?`, title },
  ];
  if (root === 'muzhskoe') {
    routes.push(
      {
        name: `${root}-categorySubSubCategory`,
        pattern: `${r}/:subCategory/:categorySubCategory/:categorySubSubCategory`,
        title,
        where: { categorySubSubCategory: NOT_DIGITS },
      },
      {
        name: `${root}-categorySubSubCategory-tag`,
        pattern: `${r}/:subCategory/:categorySubCategory/:categorySubSubCategory/tag/:tag?`,
        title,
      },
    );
  }
  return routes;
}

export const categoryPage = definePage<ListingAsks>({
  key: 'category',
  component: 'catalog/ListingPage.tsx',
  routes: ROOTS.flatMap(rootRoutes),
  asks: listingAsks,
  head: (at, { detail }) => {
    if (!detail || !('depth' in detail)) return null;
    const tag = at.params.tag ? detail.tags.find((t) => t.slug === at.params.tag) : undefined;
    return { title: namedTitle(tag ? `${detail.name}: ${tag.name}` : detail.name) };
  },
});
