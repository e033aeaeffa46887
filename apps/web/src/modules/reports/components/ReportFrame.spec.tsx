import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { ReportFrame } from './ReportFrame';

describe('the report frame', () => {
  it('shows the report HTML in a sandbox where nothing can run: no scripts, forms, popups or navigation of the page', () => {
    const { container } = render(
      <MantineProvider env="test">
        <ReportFrame html="<p>报告</p>" title="询价报告" />
      </MantineProvider>,
    );
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('srcdoc')).toBe('<p>报告</p>');
    // Same origin only so that the page can size the frame to its content and print it.
    expect(frame?.getAttribute('sandbox')?.split(/\s+/).sort()).toEqual(['allow-modals', 'allow-same-origin']);
  });
});
