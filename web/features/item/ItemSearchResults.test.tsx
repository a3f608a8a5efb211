import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alice, guestSite, installFakeApi, ok } from '../../test/fake-api';
import { listItem } from '../../test/items';
import { searchHit } from '../../test/project-answers';
import { renderScreen } from '../../test/render';
import ItemIndex from '../../routes/ItemIndex';

const docs = listItem({ item_id: 1, item_name: 'Travel docs' });

/** alice's project list whose search answers one page hit with the given snippet. */
function searchAnswering(snippet: string) {
  installFakeApi(
    guestSite({
      'user/info': ok(alice),
      'item/myList': ok([docs]),
      'item/search': ok({ items: [], pages: [searchHit({ item_id: 1, item_name: 'Travel docs', page_id: 7, page_title: 'Offices', search_content: snippet })] }),
    }),
  );
  return renderScreen('/item/index', { '/item/index': <ItemIndex /> });
}

async function searchFor(user: ReturnType<typeof renderScreen>['user'], keyword: string): Promise<HTMLElement> {
  await screen.findByRole('link', { name: /Travel docs/ });
  await user.type(screen.getByRole('textbox', { name: 'Search projects and pages' }), keyword);
  await screen.findByRole('link', { name: /Offices/ });
  const snippet = document.querySelector('.page-hit-snippet');
  if (!(snippet instanceof HTMLElement)) throw new Error('no snippet shown');
  return snippet;
}

describe('search results show the snippet as text with the match marked', () => {
  it('marks the keyword even when a letter of the snippet changes length in lower case', async () => {
    const { user } = searchAnswering('...İzmir office, the izmir team and IZMIR port...');
    const snippet = await searchFor(user, 'izmir');
    expect(snippet.textContent).toBe('...İzmir office, the izmir team and IZMIR port...');
    expect([...snippet.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['izmir', 'IZMIR']);
  });

  it('shows markup in a snippet as characters, never as elements', async () => {
    const { user } = searchAnswering('...the <img src=x onerror="alert(1)"> tag in the oslo office...');
    const snippet = await searchFor(user, 'oslo');
    expect(snippet.querySelector('img')).toBeNull();
    expect(snippet.textContent).toBe('...the <img src=x onerror="alert(1)"> tag in the oslo office...');
    expect([...snippet.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['oslo']);
  });
});
