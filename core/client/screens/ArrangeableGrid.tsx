/** The dashboard grid once panels can be moved and resized: react-grid-layout, loaded by PanelGrid when wanted. */
import ReactGridLayout, { verticalCompactor, type Layout } from 'react-grid-layout';
import { gridConfig, itemProps, type GridProps } from './PanelGrid';

export default function ArrangeableGrid({ width, layout, items, onLayoutChange }: GridProps) {
  return (
    <ReactGridLayout
      width={width}
      layout={layout}
      gridConfig={gridConfig}
      dragConfig={{ enabled: true, handle: '.dashboard-panel__grip' }}
      resizeConfig={{ enabled: true, handles: ['se'] }}
      compactor={verticalCompactor}
      onLayoutChange={(next: Layout) => onLayoutChange(next.map(({ i, x, y, w, h }) => ({ i, x, y, w, h })))}
    >
      {layout.map(({ i }) => {
        const item = items.get(i);
        return item ? (
          <div key={i} {...itemProps(item)}>
            {item.inner}
          </div>
        ) : (
          <div key={i} />
        );
      })}
    </ReactGridLayout>
  );
}
