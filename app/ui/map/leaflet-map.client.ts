/**
 * The Leaflet part of the locations map, loaded only when the map nears the viewport
 * (so neither Leaflet nor its CSS nor the state shapes weigh on the first load).
 */
import * as L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./map.css";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import statesUrl from "us-atlas/states-10m.json?url";
import { type MapLocation, mapDefaultView, statusLabel } from "~/copy/locations";

export interface MapHandle {
  /** Replace the markers and go back to the default view. */
  show(list: MapLocation[]): void;
  destroy(): void;
}

const pin = `<svg viewBox="0 0 28 36" width="28" height="36" aria-hidden="true" focusable="false"><path fill="currentColor" stroke="#fff" stroke-width="2" d="M14 1C7 1 1.5 6.4 1.5 13.3 1.5 22.6 14 35 14 35s12.5-12.4 12.5-21.7C26.5 6.4 21 1 14 1z"/><circle cx="14" cy="13.5" r="5" fill="#fff"/></svg>`;

const PIN_W = 28;
const PIN_H = 36;
const ANCHOR_X = 14;
const ANCHOR_Y = 34;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function createMap(el: HTMLElement, { reducedMotion }: { reducedMotion: boolean }): MapHandle {
  const map = L.map(el, {
    center: mapDefaultView.center,
    zoom: mapDefaultView.zoom,
    minZoom: 3,
    maxZoom: 10,
    // The page scrolls past the map; zooming needs the buttons, keys or a pinch.
    scrollWheelZoom: false,
    zoomAnimation: !reducedMotion,
    fadeAnimation: !reducedMotion,
    markerZoomAnimation: !reducedMotion,
  });
  el.classList.add("fw-map");

  const tileUrl = import.meta.env.VITE_MAP_TILE_URL as string | undefined;
  if (tileUrl) {
    L.tileLayer(tileUrl, { attribution: (import.meta.env.VITE_MAP_TILE_ATTRIBUTION as string | undefined) ?? "" }).addTo(map);
  } else {
    // Offline base map: US state shapes shipped with the site.
    fetch(statesUrl)
      .then((r) => r.json() as Promise<Topology<{ states: GeometryCollection }>>)
      .then((topology) => {
        L.geoJSON(feature(topology, topology.objects.states), {
          interactive: false,
          style: { className: "fw-state", weight: 1, fillOpacity: 1 },
        }).addTo(map);
      })
      .catch(() => {
        // Without shapes the markers still show on the water-coloured background.
      });
    map.attributionControl.addAttribution("State shapes: US Census Bureau");
  }

  const markers = L.layerGroup().addTo(map);
  const leaders = L.layerGroup().addTo(map);
  let placed: { marker: L.Marker; loc: MapLocation }[] = [];

  /**
   * Neighbouring cities (Dallas, Fort Worth, Plano...) are a few pixels apart at zoom 4,
   * so their pins would cover each other and be impossible to click (WCAG 2.5.8 target
   * size). After every zoom, pins that would overlap are moved aside along a spiral
   * until each has its own 28 × 36 px box, and a thin leader line joins the pin's tip to
   * the true location.
   */
  const layout = () => {
    leaders.clearLayers();
    const boxes: { x: number; y: number }[] = [];
    const free = (x: number, y: number) => boxes.every((b) => Math.abs(b.x - x) >= PIN_W + 2 || Math.abs(b.y - y) >= PIN_H + 2);
    const items = placed.map((it) => ({ ...it, p: map.latLngToLayerPoint([it.loc.lat, it.loc.long]) })).sort((a, b) => a.p.y - b.p.y || a.p.x - b.p.x);
    for (const { marker, loc, p } of items) {
      // Centre of the pin's box: the tip (anchor) is 34 px below the top of a 36 px box.
      const cx = p.x;
      const cy = p.y - 16;
      let dx = 0;
      let dy = 0;
      search: for (let r = 0; r <= 240; r += 6) {
        const steps = r === 0 ? 1 : 16;
        for (let k = 0; k < steps; k++) {
          const a = (k / steps) * 2 * Math.PI - Math.PI / 2;
          const x = Math.round(r * Math.cos(a));
          const y = Math.round(r * Math.sin(a));
          if (free(cx + x, cy + y)) {
            dx = x;
            dy = y;
            break search;
          }
        }
      }
      boxes.push({ x: cx + dx, y: cy + dy });
      const icon = marker.getElement();
      if (icon) {
        icon.style.marginLeft = `${-ANCHOR_X + dx}px`;
        icon.style.marginTop = `${-ANCHOR_Y + dy}px`;
      }
      const popup = marker.getPopup();
      if (popup) popup.options.offset = L.point(dx, dy + 7); // 7: Leaflet's default popup offset
      if (dx !== 0 || dy !== 0) {
        const tip = map.layerPointToLatLng(L.point(p.x + dx, p.y + dy));
        L.polyline([[loc.lat, loc.long], tip], { className: `fw-leader fw-leader--${loc.status}`, weight: 1.5, interactive: false }).addTo(leaders);
        L.circleMarker([loc.lat, loc.long], {
          className: `fw-leader fw-leader--${loc.status}`,
          radius: 3,
          weight: 1,
          fillOpacity: 1,
          interactive: false,
        }).addTo(leaders);
      }
    }
  };
  map.on("zoomend viewreset", layout);
  const report = () => {
    const c = map.getCenter();
    el.dataset.center = `${c.lat.toFixed(2)},${c.lng.toFixed(2)}`;
    el.dataset.zoom = String(map.getZoom());
  };
  map.on("moveend zoomend", report);
  report();

  return {
    show(list) {
      markers.clearLayers();
      placed = [];
      for (const loc of list) {
        const name = `${loc.city}, ${loc.state}: ${statusLabel[loc.status]}`;
        const marker = L.marker([loc.lat, loc.long], {
          title: name,
          keyboard: true,
          riseOnHover: true,
          icon: L.divIcon({
            className: `fw-marker fw-marker--${loc.status}`,
            html: `${pin}<span class="sr-only">${escapeHtml(name)}</span>`,
            iconSize: [PIN_W, PIN_H],
            iconAnchor: [ANCHOR_X, ANCHOR_Y],
            popupAnchor: [0, -30],
          }),
        })
          .bindPopup(`<strong>${escapeHtml(`${loc.city}, ${loc.state}`)}</strong><br>${escapeHtml(statusLabel[loc.status])}`)
          .addTo(markers);
        placed.push({ marker, loc });
      }
      map.closePopup();
      // Stop any pan still in flight, then jump: an animated reset can land a pixel off.
      map.stop();
      map.setView(mapDefaultView.center, mapDefaultView.zoom, { animate: false });
      layout();
    },
    destroy() {
      map.remove();
    },
  };
}
