import { type KeyboardEvent, useState } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "#web/components/icons";
import { Link } from "#web/components/Link";

type Slide = {
  image: string;
  alt: string;
  eyebrow: string;
  title: string;
  text: string;
  cta: { to: string; label: string };
};

const slides: Slide[] = [
  {
    image: "/images/banners/banner-1.svg",
    alt: "A white car raised on an orange lift in a workshop, with spanners and screwdrivers on the wall behind it",
    eyebrow: "Car tools and parts in lots",
    title: "Stock your workshop for less",
    text: "Genuine tools and parts in minimum-quantity lots, with the price per piece shown up front.",
    cta: { to: "/tools", label: "Browse tools" },
  },
  {
    image: "/images/banners/banner-2.svg",
    alt: "An orange tow truck carrying a white car through a city at dusk",
    eyebrow: "Free doorstep pick-up and drop",
    title: "Delivered to your workshop door",
    text: "Pick a delivery date and we drop your order at your door. Returns and warranty parts are picked up free.",
    cta: { to: "/carBenifits", label: "See our benefits" },
  },
  {
    image: "/images/banners/banner-3.svg",
    alt: "Shelves of boxed spare parts, with a polished piston and two gears in front",
    eyebrow: "100% genuine spare parts",
    title: "Genuine parts, with warranty",
    text: "As the first importer of these parts in the country, every part we sell is genuine and under warranty.",
    cta: { to: "/about", label: "About Car Mechanic" },
  },
];

const slidesId = "hero-slides";

const arrowClass =
  "flex size-11 items-center justify-center rounded-full bg-white/90 text-navy shadow-md ring-1 ring-black/5 transition-colors hover:bg-white";

/**
 * The three banner slides (WAI-ARIA carousel pattern): previous and next arrows that wrap around,
 * dots to jump to a slide, and the arrow keys while focus is inside. It never moves by itself.
 */
export function HeroCarousel() {
  const [current, setCurrent] = useState(0);
  const move = (step: number) => setCurrent((index) => (index + step + slides.length) % slides.length);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowLeft") move(-1);
    else if (event.key === "ArrowRight") move(1);
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="on-dark relative bg-navy"
      onKeyDown={onKeyDown}
    >
      {/* The slides share one grid cell: below lg the tallest slide sets the height, whatever the fonts. */}
      <div id={slidesId} aria-live="polite" className="relative grid lg:h-[30rem]">
        {slides.map((slide, index) => {
          const active = index === current;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a form fieldset
            <div
              key={slide.image}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}: ${slide.title}`}
              inert={!active}
              data-active={active}
              // Fades; a hidden slide also turns invisible once faded out, so nothing in it can be
              // reached (inert does the same for assistive technology at once).
              className={`relative col-start-1 row-start-1 flex flex-col motion-reduce:transition-none lg:block ${
                active
                  ? "visible opacity-100 [transition:opacity_500ms]"
                  : "invisible opacity-0 [transition:opacity_500ms,visibility_0s_500ms]"
              }`}
            >
              <img
                src={slide.image}
                alt={slide.alt}
                width={1600}
                height={600}
                // The first banner is the page's largest paint: fetched first, never lazily.
                loading={index === 0 ? "eager" : "lazy"}
                fetchPriority={index === 0 ? "high" : "low"}
                decoding={index === 0 ? "sync" : "async"}
                // Phones and tablets: the picture on top, the text below it on plain navy (over the art
                // it was hard to read); from lg: the text over the picture's calm left side.
                className="h-48 w-full shrink-0 object-cover object-[80%_50%] sm:h-72 lg:absolute lg:inset-0 lg:h-full lg:object-right"
              />
              <div className="absolute inset-x-0 top-0 h-48 bg-linear-to-t from-navy to-transparent to-35% sm:h-72 lg:inset-y-0 lg:h-full lg:bg-linear-to-r lg:from-navy/90 lg:via-navy/45 lg:via-50% lg:to-100%" />
              <div className="relative mx-auto flex w-full max-w-7xl flex-1 items-start px-4 pt-5 pb-24 sm:px-6 sm:pt-6 lg:h-full lg:items-center lg:px-8 lg:pt-0 lg:pb-8">
                <div className="max-w-lg sm:max-w-2xl lg:max-w-lg">
                  <p className="eyebrow">{slide.eyebrow}</p>
                  <h2 className="mt-3 text-3xl font-bold tracking-tight text-white sm:text-4xl lg:text-5xl">
                    {slide.title}
                  </h2>
                  <p className="mt-4 text-lg leading-7 text-slate-200">{slide.text}</p>
                  <Link to={slide.cta.to} className="btn btn-primary mt-7">
                    {slide.cta.label}
                  </Link>
                </div>
              </div>
            </div>
          );
        })}
      </div>

      <div className="absolute inset-x-0 bottom-5 mx-auto flex max-w-7xl items-center justify-center gap-3 px-4 sm:justify-end sm:px-6 lg:px-8">
        <button
          type="button"
          className={arrowClass}
          aria-controls={slidesId}
          aria-label="Previous slide"
          onClick={() => move(-1)}
        >
          <ChevronLeftIcon className="size-5" />
        </button>
        <ul className="flex">
          {slides.map((slide, index) => (
            <li key={slide.image}>
              <button
                type="button"
                aria-controls={slidesId}
                aria-label={`Show slide ${index + 1}: ${slide.title}`}
                aria-current={index === current ? "true" : undefined}
                className="group flex size-8 items-center justify-center"
                onClick={() => setCurrent(index)}
              >
                <span
                  className={`block h-2 rounded-full transition-all ${
                    index === current ? "w-6 bg-accent" : "w-2 bg-white/70 group-hover:bg-white"
                  }`}
                />
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={arrowClass}
          aria-controls={slidesId}
          aria-label="Next slide"
          onClick={() => move(1)}
        >
          <ChevronRightIcon className="size-5" />
        </button>
      </div>
    </section>
  );
}
