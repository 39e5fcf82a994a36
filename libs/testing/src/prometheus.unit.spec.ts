import { parsePrometheusText } from './prometheus';

describe('parsePrometheusText', () => {
  it('reads families, labels with escapes, histograms and special values', () => {
    const families = parsePrometheusText(
      [
        '# HELP requests_seconds Time taken',
        '# TYPE requests_seconds histogram',
        'requests_seconds_bucket{le="0.5",route="/api/x/:id"} 3',
        'requests_seconds_bucket{le="+Inf",route="/api/x/:id"} 4',
        'requests_seconds_sum{route="/api/x/:id"} 1.25',
        'requests_seconds_count{route="/api/x/:id"} 4',
        '# TYPE odd gauge',
        'odd{text="a \\"quoted\\" \\\\ line\\nnext",} NaN',
        'odd -Inf 1700000000000',
        '',
      ].join('\n'),
    );
    const histogram = families.get('requests_seconds')!;
    expect(histogram).toMatchObject({ type: 'histogram', help: 'Time taken' });
    expect(histogram.samples.map((s) => [s.name, s.labels.le, s.value])).toEqual([
      ['requests_seconds_bucket', '0.5', 3],
      ['requests_seconds_bucket', '+Inf', 4],
      ['requests_seconds_sum', undefined, 1.25],
      ['requests_seconds_count', undefined, 4],
    ]);
    const odd = families.get('odd')!.samples;
    expect(odd[0]!.labels).toEqual({ text: 'a "quoted" \\ line\nnext' });
    expect(odd[0]!.value).toBeNaN();
    expect(odd[1]!.value).toBe(-Infinity);
  });

  it('refuses what is not the format', () => {
    expect(() => parsePrometheusText('untyped_metric 1')).toThrow(/without # TYPE/);
    expect(() => parsePrometheusText('# TYPE g gauge\ng{a="1" b="2"} 1')).toThrow(/Bad labels/);
    expect(() => parsePrometheusText('# TYPE g gauge\ng one')).toThrow(/Not a sample value/);
    expect(() => parsePrometheusText('# TYPE g gauge\ng{a="1",a="2"} 1')).toThrow(/twice/);
  });
});
