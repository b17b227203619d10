/**
 * The parts of ECharts the report pages draw with, registered once. Only imported through
 * loadCharts() (a dynamic import), so the library is a chunk of its own that report pages
 * fetch and no other page does; named imports keep the rest of ECharts out of it.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export default echarts;
