import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';

export interface StockPieProps {
  inStock: number;
  outOfStock: number;
}

/** Sizes in stock vs out of stock (loaded on demand: the chart library is the console's heaviest part). */
export default function StockPie({ inStock, outOfStock }: StockPieProps) {
  const chart = [
    { name: 'In stock', value: inStock, color: '#2e7d32' },
    { name: 'Out of stock', value: outOfStock, color: '#d32f2f' },
  ];
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart>
        <Pie data={chart} dataKey="value" nameKey="name" outerRadius={80} isAnimationActive={false}>
          {chart.map((slice) => (
            <Cell key={slice.name} fill={slice.color} />
          ))}
        </Pie>
        <Tooltip />
        <Legend />
      </PieChart>
    </ResponsiveContainer>
  );
}
