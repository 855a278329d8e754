// ECharts with only what the analytics screens draw (its tree-shakable build, https://echarts.apache.org/handbook/en/basics/import/):
// line and bar series on a grid with a tooltip and a legend, drawn as SVG. Only Chart.tsx imports this module,
// and lazily, so no other chunk of the console carries ECharts.
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export { init };
