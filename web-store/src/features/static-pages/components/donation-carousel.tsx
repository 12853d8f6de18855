/** The donation widget: hard-coded sample slides, autoplaying every 2 s. */
import { useEffect, useState } from 'react';
import './donation-carousel.css';

export const CAROUSEL_INTERVAL_MS = 2000;

export const SLIDES = [
  {
    title: 'Shoes for the first day',
    text: 'A pair of trainers means a student can join every PE class.',
  },
  {
    title: 'Warm for winter',
    text: 'Jackets and hoodies keep students warm on the walk to school.',
  },
  { title: 'Ready for the team', text: 'Sports kit lets every student try out for the team.' },
  {
    title: 'Thank you, donors',
    text: 'Most of our stock is donated by a sporting-goods retailer.',
  },
] as const;

export function DonationCarousel() {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [stopped, setStopped] = useState(false);
  const paused = hovered || stopped;

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused]);

  const slide = SLIDES[index] ?? SLIDES[0];
  return (
    <div
      className="carousel"
      aria-roledescription="carousel"
      aria-label="How donations help"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div
        className="carousel__slide"
        aria-live={paused ? 'polite' : 'off'}
        aria-roledescription="slide"
      >
        <h2>{slide.title}</h2>
        <p>{slide.text}</p>
      </div>
      <div className="carousel__dots" role="group" aria-label="Choose a slide">
        {SLIDES.map((s, i) => (
          <button
            key={s.title}
            type="button"
            aria-label={`Slide ${i + 1}: ${s.title}`}
            aria-pressed={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
      <button type="button" className="button button--ghost" onClick={() => setStopped((s) => !s)}>
        {stopped ? 'Play' : 'Pause'}
      </button>
    </div>
  );
}
