'use client';

import Link from 'next/link';
import { useId, useState } from 'react';

export interface HeroSlide {
  id: number;
  name: string;
  dateLabel: string;
  isoDate: string | undefined;
  city: string;
  href: string;
  image: { src: string; srcSet: string; width: number; height: number } | null;
}

/**
 * The home page's hero: the two latest events. No autoplay: the visitor moves it with
 * labelled buttons; the hidden slide is
 * visibility: hidden, so neither keyboard focus nor a screen reader lands in it.
 */
export function HeroCarousel({ slides }: { slides: HeroSlide[] }) {
  const [index, setIndex] = useState(0);
  const id = useId();
  if (slides.length === 0) return null;
  const count = slides.length;
  const go = (to: number) => setIndex(((to % count) + count) % count);
  return (
    <section className="hero" aria-roledescription="carousel" aria-label="Latest events">
      <div className="hero-track" id={`${id}-slides`} aria-live="polite">
        {slides.map((slide, i) => {
          const current = i === index;
          return (
            <div
              key={slide.id}
              className="hero-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}: ${slide.name}`}
              data-current={current ? 'true' : 'false'}
            >
              {slide.image ? (
                <img
                  className="hero-image"
                  src={slide.image.src}
                  srcSet={slide.image.srcSet}
                  sizes="(min-width: 1200px) 1152px, 100vw"
                  width={slide.image.width}
                  height={slide.image.height}
                  alt=""
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                />
              ) : null}
              <div className="hero-content">
                <p className="hero-kicker">Latest event</p>
                <p className="hero-title">{slide.name}</p>
                <p className="hero-meta">
                  <time dateTime={slide.isoDate}>{slide.dateLabel}</time>
                  {slide.city ? <span>{` · ${slide.city}`}</span> : null}
                </p>
                <Link href={slide.href} className="button hero-button" prefetch={false}>
                  View Photos
                </Link>
              </div>
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className="hero-controls">
          <button type="button" className="hero-arrow" aria-controls={`${id}-slides`} aria-label="Previous slide" onClick={() => go(index - 1)}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <div className="hero-dots">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                className="hero-dot"
                aria-label={`Show slide ${i + 1} of ${count}: ${slide.name}`}
                aria-current={i === index ? 'true' : undefined}
                aria-controls={`${id}-slides`}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button type="button" className="hero-arrow" aria-controls={`${id}-slides`} aria-label="Next slide" onClick={() => go(index + 1)}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
      ) : null}
    </section>
  );
}
