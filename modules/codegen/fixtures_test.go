package codegen

// Definitions the tests generate from.

// allLabels gives a label in every language, so that generated locales are
// real translations; hostile characters are there on purpose: quotes,
// backslashes, a comment closer, a template and markup must all come out as
// plain text.
func allLabels(en, zh, ja, fr, de, es, it, pt, ru, tr, ar, he, id, ko, th, vi string) Labels {
	return Labels{"en": en, "zh": zh, "ja": ja, "fr": fr, "de": de, "es": es, "it": it, "pt": pt, "ru": ru, "tr": tr,
		"ar": ar, "he": he, "id": id, "ko": ko, "th": th, "vi": vi}
}

// targetSpec is the entity the every-type definition refers to.
func targetSpec() Spec {
	return Spec{
		Module: "gensupply", Entity: "supplier", Table: "gensupply_suppliers",
		Labels: allLabels("Supplier", "供应商", "仕入先", "Fournisseur", "Lieferant", "Proveedor", "Fornitore", "Fornecedor",
			"Поставщик", "Tedarikçi", "المورد", "ספק", "Pemasok", "공급업체", "ผู้จัดหา", "Nhà cung cấp"),
		Fields: []Field{
			{Name: "name", Type: TypeString, Required: true, Unique: true, MaxLength: 64, List: true, Form: true, Search: true, SearchMode: SearchPrefix,
				Labels: allLabels("Name", "名称", "名前", "Nom", "Name", "Nombre", "Nome", "Nome", "Название", "Ad", "الاسم", "שם", "Nama", "이름", "ชื่อ", "Tên")},
			{Name: "status", Type: TypeEnum, Dict: "common_status", Required: true, List: true, Form: true,
				Labels: allLabels("Status", "状态", "状態", "Statut", "Status", "Estado", "Stato", "Situação", "Статус", "Durum", "الحالة", "סטטוס", "Status", "상태", "สถานะ", "Trạng thái")},
		},
	}
}

// everyTypeSpec has a field of every type, each rule and each search mode.
func everyTypeSpec() Spec {
	l := func(en string) Labels {
		return allLabels(en, en+"（中）", en+"（日）", en+" (fr)", en+" (de)", en+" (es)", en+" (it)", en+" (pt)", en+" (ру)",
			en+" (tr)", en+" (ع)", en+" (ע)", en+" (id)", en+" (한)", en+" (ไทย)", en+" (vi)")
	}
	return Spec{
		Module: "genstock", Entity: "stockItem", Table: "genstock_items",
		Labels: allLabels("Stock \"item\" */ `x` $y <b>", "库存项", "在庫品", "Article", "Artikel", "Artículo", "Articolo", "Item",
			"Позиция", "Kalem", "صنف", "פריט", "Barang", "재고 품목", "สินค้าคงคลัง", "Hàng tồn"),
		ModuleLabels: allLabels("Stock", "库存", "在庫", "Stock", "Lager", "Inventario", "Magazzino", "Estoque", "Склад", "Stok", "المخزون", "מלאי", "Stok", "재고", "คลังสินค้า", "Kho"),
		SortField:    "code",
		Fields: []Field{
			{Name: "code", Type: TypeString, Required: true, Unique: true, MinLength: 3, MaxLength: 12, Pattern: `[A-Z]{2}-[0-9]+`,
				List: true, Form: true, Search: true, SearchMode: SearchExact, Labels: l(`Code "quoted" \ back`)},
			{Name: "title", Type: TypeString, Required: true, MaxLength: 80, List: true, Form: true, Search: true, SearchMode: SearchPrefix,
				Labels: l("Title */ end")},
			{Name: "notes", Type: TypeText, MaxLength: 2000, Form: true, Labels: l("Notes $x `tick`")},
			{Name: "quantity", Type: TypeInteger, Required: true, Min: "0", Max: "100000", List: true, Form: true, Search: true,
				SearchMode: SearchRange, Labels: l("Quantity")},
			{Name: "unitPrice", Type: TypeMoney, Required: true, Min: "0", List: true, Form: true, Search: true, SearchMode: SearchRange,
				Labels: l("Unit price")},
			{Name: "weight", Type: TypeDecimal, Scale: 3, Min: "0", Max: "999.999", List: true, Form: true, Search: true,
				SearchMode: SearchRange, Labels: l("Weight")},
			{Name: "taxRate", Type: TypeDecimal, Scale: 2, Required: true, Form: true, Search: true, SearchMode: SearchExact,
				Example: "13", Labels: l("Tax rate")},
			{Name: "active", Type: TypeBoolean, List: true, Form: true, Search: true, SearchMode: SearchExact, Labels: l("Active")},
			{Name: "arrivedOn", Type: TypeDate, Required: true, List: true, Form: true, Search: true, SearchMode: SearchRange,
				Labels: l("Arrived on")},
			{Name: "checkAt", Type: TypeTime, List: true, Form: true, Search: true, SearchMode: SearchRange, Labels: l("Check at")},
			{Name: "grade", Type: TypeEnum, Dict: "order_status", Required: true, List: true, Form: true, Search: true,
				SearchMode: SearchExact, Labels: l("Grade")},
			{Name: "photo", Type: TypeImage, List: true, Form: true, Labels: l("Photo")},
			{Name: "manual", Type: TypeFile, Form: true, Labels: l("Manual")},
			{Name: "supplier", Type: TypeReference, Ref: "gensupply.supplier", Required: true, List: true, Form: true, Search: true,
				SearchMode: SearchExact, Labels: l("Supplier")},
			{Name: "parent", Type: TypeReference, Ref: RefSelf, List: true, Form: true, Labels: l("Parent item")},
			{Name: "count", Type: TypeInteger, Form: true, Labels: l("Count")},
		},
	}
}

// everyTypeResolved is what resolve answers for everyTypeSpec once the
// target is saved.
func everyTypeResolved() resolved {
	t := targetSpec()
	_ = validateSpec(&t)
	return resolved{Refs: map[string]*Spec{"gensupply.supplier": &t}}
}
