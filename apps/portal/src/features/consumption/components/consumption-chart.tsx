import { useTheme } from '@mui/material/styles'
import { formatDecimal, formatMonth, type ConsumptionSeries } from '@portal/domain'
import { AxisBottom, AxisLeft } from '@visx/axis'
import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar, LinePath } from '@visx/shape'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'

const HEIGHT = 272
// room above the drawing for the unit of the value axis
const MARGIN = { top: 28, right: 12, bottom: 40, left: 64 }

/**
 * The value axis's ticks: round steps of 1, 2 or 5 times a power of ten (d3's nice ticks), each
 * with as many decimals as its step needs, so no two ticks read the same ('0; 0,5; 1; 1,5' for
 * cubic metres, not '0, 1, 1, 2, 2').
 */
export function valueTicks(ticks: readonly number[]): { value: number; label: string }[] {
  const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : 1
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9))
  return ticks.map((value) => ({ value, label: formatDecimal(value, decimals) }))
}

/** The width the chart's box has, followed as the window changes (320 px to 2560 px). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, width] as const
}

const number = (value: string | null) => (value === null ? null : Number(value))

/**
 * Decision 033: a unit's months as bars (its consumption, and beside each the same month a year
 * before) with the average unit of its size as a dashed line (docs/decisions/033). The drawing is
 * one stop of the tab order: the arrow keys, Home and End move through the months, each named with
 * its figures for screen readers (`describe`); the table below holds the same values.
 */
export function ConsumptionChart({
  series,
  label,
  selected,
  onSelect,
  describe,
}: {
  series: ConsumptionSeries
  label: string
  selected: number
  onSelect: (index: number) => void
  describe: (index: number) => string
}) {
  const theme = useTheme()
  const [box, width] = useWidth()
  const [focused, setFocused] = useState(false)
  const items = useRef<(SVGGElement | null)[]>([])
  const months = series.months
  const innerWidth = Math.max(width - MARGIN.left - MARGIN.right, 0)
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom
  const highest =
    Math.max(
      0,
      ...months.flatMap((m) =>
        [m.consumption, m.sameMonthLastYear, m.averageForArea].map((v) => number(v) ?? 0),
      ),
    ) || 1
  const x = scaleBand({ domain: months.map((m) => m.month), range: [0, innerWidth], padding: 0.2 })
  const y = scaleLinear({ domain: [0, highest], range: [innerHeight, 0], nice: 5 })
  const ticks = valueTicks(y.ticks(5))
  const band = x.bandwidth()
  const colours = useChartColours()
  // on a phone only every third month is named below the axis
  const everyNth = innerWidth < 420 ? 3 : innerWidth < 640 ? 2 : 1

  const move = (event: KeyboardEvent) => {
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? Math.min(selected + 1, months.length - 1)
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? Math.max(selected - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? months.length - 1
              : null
    if (next === null) return
    event.preventDefault()
    onSelect(next)
    items.current[next]?.focus()
  }

  const average = months
    .map((m) => ({ month: m.month, value: number(m.averageForArea) }))
    .filter((p): p is { month: string; value: number } => p.value !== null)

  return (
    <div ref={box} style={{ width: '100%' }}>
      {width > 0 && (
        <svg width={width} height={HEIGHT} role="group" aria-label={label}>
          <Group left={MARGIN.left} top={MARGIN.top}>
            {/* the unit of the value axis; the chart's name says it to screen readers */}
            <text
              x={-MARGIN.left + 4}
              y={-14}
              fill={theme.palette.text.primary}
              fontSize={12}
              aria-hidden
              data-testid="consumption-axis-unit"
            >
              {series.unit}
            </text>
            <AxisLeft
              scale={y}
              tickValues={ticks.map((t) => t.value)}
              tickFormat={(value) => ticks.find((t) => t.value === Number(value))?.label ?? ''}
              stroke={theme.palette.text.secondary}
              tickStroke={theme.palette.text.secondary}
              tickLabelProps={{ fill: theme.palette.text.primary, fontSize: 12 }}
              aria-hidden
            />
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickFormat={(month) => {
                const index = months.findIndex((m) => m.month === month)
                if (index % everyNth !== (months.length - 1) % everyNth) return ''
                const name = formatMonth(month)
                return `${name.slice(0, 3)} ${name.slice(-2)}`
              }}
              stroke={theme.palette.text.secondary}
              tickStroke={theme.palette.text.secondary}
              tickLabelProps={{ fill: theme.palette.text.primary, fontSize: 12 }}
              aria-hidden
            />
            <g role="list">
              {months.map((month, index) => {
                const left = x(month.month) ?? 0
                const own = number(month.consumption)
                const before = number(month.sameMonthLastYear)
                const isSelected = index === selected
                return (
                  <g
                    key={month.month}
                    role="listitem"
                    ref={(element) => {
                      items.current[index] = element
                    }}
                    tabIndex={isSelected ? 0 : -1}
                    aria-label={describe(index)}
                    onKeyDown={move}
                    onFocus={() => {
                      setFocused(true)
                      onSelect(index)
                    }}
                    onBlur={() => setFocused(false)}
                    onClick={() => onSelect(index)}
                    style={{ outline: 'none', cursor: 'pointer' }}
                  >
                    {/* the whole column answers a click, not only the bars */}
                    <rect x={left} y={0} width={band} height={innerHeight} fill="transparent" />
                    {before !== null && (
                      <Bar
                        x={left + band / 2}
                        y={y(before)}
                        width={band / 2}
                        height={innerHeight - y(before)}
                        fill={colours.sameMonthLastYear}
                      />
                    )}
                    {own !== null && (
                      <Bar
                        x={left}
                        y={y(own)}
                        width={band / 2}
                        height={innerHeight - y(own)}
                        fill={colours.consumption}
                      />
                    )}
                    {isSelected && (
                      <rect
                        x={left - 3}
                        y={-3}
                        width={band + 6}
                        height={innerHeight + 6}
                        fill="none"
                        stroke={focused ? theme.palette.text.primary : theme.palette.divider}
                        strokeWidth={2}
                        strokeDasharray={focused ? undefined : '4 3'}
                      />
                    )}
                  </g>
                )
              })}
            </g>
            <LinePath
              data={average}
              x={(p) => (x(p.month) ?? 0) + band / 2}
              y={(p) => y(p.value)}
              stroke={colours.average}
              strokeWidth={2}
              strokeDasharray="6 4"
              aria-hidden
            />
            {average.map((p) => (
              <circle
                key={p.month}
                cx={(x(p.month) ?? 0) + band / 2}
                cy={y(p.value)}
                r={3.5}
                fill={colours.average}
                aria-hidden
              />
            ))}
          </Group>
        </svg>
      )}
    </div>
  )
}

/** The colours of the legend, the same as the chart's. */
export function useChartColours() {
  const theme = useTheme()
  return {
    consumption: theme.palette.primary.main,
    sameMonthLastYear: theme.palette.grey[600],
    average: theme.palette.text.primary,
  }
}
