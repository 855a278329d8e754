import type { EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';
import type { ChartOption } from './chartOptions.ts';

/**
 * An ECharts chart of `option`, as SVG, sized to its box and redrawn when the option changes. ECharts itself
 * is fetched the first time a chart is shown.
 */
export function Chart({ option, height, label }: { option: ChartOption; height: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    let gone = false;
    let observer: ResizeObserver | undefined;
    void import('./echarts.ts').then(({ init }) => {
      const element = box.current;
      if (gone || !element) return;
      // A box not laid out yet (jsdom, a hidden tab) has no width: draw at a usual one until it is.
      const width = element.clientWidth > 0 ? undefined : 600;
      chart.current = init(element, null, { renderer: 'svg', width, height });
      chart.current.setOption(latest.current);
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(element);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [height]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} className="analytics-chart" style={{ height }} role="img" aria-label={label} />;
}
