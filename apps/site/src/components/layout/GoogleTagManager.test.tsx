// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GoogleTagManager } from './GoogleTagManager';

describe('GoogleTagManager', () => {
  it.each([[null], [''], ['GTM-abc'], ["GTM-1');alert(1);//"], ['UA-12345']])('adds nothing for %j', (id) => {
    const { container } = render(<GoogleTagManager id={id} />);
    expect(container.innerHTML).toBe('');
  });

  it('adds the container for a valid id', () => {
    const html = renderToStaticMarkup(<GoogleTagManager id="GTM-ABC123" />);
    expect(html).toContain('https://www.googletagmanager.com/ns.html?id=GTM-ABC123');
  });
});
