import { useTranslation } from 'react-i18next';
import type { Drawn, Preview } from './fabric-preview';

function DrawnShape({ drawn }: { drawn: Drawn }) {
  const { t } = useTranslation();
  const paint = { fill: drawn.fill, stroke: drawn.stroke, strokeWidth: drawn.strokeWidth, opacity: drawn.opacity };
  const { shape } = drawn;
  let element;
  switch (shape.kind) {
    case 'rect':
      element = <rect width={shape.width} height={shape.height} rx={shape.rx} ry={shape.ry} {...paint} />;
      break;
    case 'ellipse':
      element = <ellipse cx={shape.rx} cy={shape.ry} rx={shape.rx} ry={shape.ry} {...paint} />;
      break;
    case 'polygon':
      element = shape.closed ? <polygon points={shape.points} {...paint} /> : <polyline points={shape.points} {...paint} />;
      break;
    case 'line':
      element = <line x1={shape.x1} y1={shape.y1} x2={shape.x2} y2={shape.y2} {...paint} />;
      break;
    case 'path':
      element = <path d={shape.d} transform={`translate(${shape.offsetX} ${shape.offsetY})`} strokeLinecap="round" strokeLinejoin="round" {...paint} />;
      break;
    case 'text':
      // Fabric's text fill is the glyph colour; its stroke is usually none.
      element = (
        <text fontSize={shape.fontSize} fontWeight={shape.fontWeight} fontStyle={shape.fontStyle} fill={drawn.fill === 'none' ? '#000' : drawn.fill} opacity={drawn.opacity}>
          {shape.lines.map((line, index) => (
            <tspan key={index} x={0} y={shape.fontSize * (0.9 + index * shape.lineHeight)}>
              {line}
            </tspan>
          ))}
        </text>
      );
      break;
    case 'image':
      element = (
        <g>
          <rect width={shape.width} height={shape.height} fill="#f5f5f5" stroke="#bbb" strokeDasharray="6 4" />
          <text x={8} y={20} fontSize={14} fill="#888">
            {t('board.imageOmitted')}
          </text>
        </g>
      );
      break;
    case 'group':
      element = (
        <g>
          {shape.children.map((child, index) => (
            <DrawnShape key={index} drawn={child} />
          ))}
        </g>
      );
      break;
  }
  return <g transform={drawn.transform}>{element}</g>;
}

/** The whiteboard drawn as SVG elements built by React: nothing from the data becomes markup or a URL. */
export function WhiteboardSvg({ preview, label }: { preview: Preview; label: string }) {
  return (
    <svg className="whiteboard-svg" role="img" aria-label={label} viewBox={`0 0 ${preview.width} ${preview.height}`} preserveAspectRatio="xMidYMin meet">
      <rect width={preview.width} height={preview.height} fill="#fff" />
      {preview.objects.map((drawn, index) => (
        <DrawnShape key={index} drawn={drawn} />
      ))}
    </svg>
  );
}
