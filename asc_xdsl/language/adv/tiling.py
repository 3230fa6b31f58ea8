"""The tiling structs of the advanced APIs (pyasc's `asc.language.adv.tiling`):
`TCubeTiling` (a matmul's tiling), `MatmulApiStaticTiling` (its constant form),
`SoftmaxTiling`, `RmsNormTiling`, built in the
kernel from their members (`core/types.py`'s AggregateValue: keywords are the
members' snake_case names, members left out are zero). Made outside a kernel, they are
host-side records (`asc_xdsl.lib.host`'s `get_tiling` fills a TCubeTiling)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asc_xdsl.language.core.types import AggregateValue

if TYPE_CHECKING:
    from asc_xdsl.language._typing import Int, Scalar


class TCubeTiling(AggregateValue):
    """`AscendC::tiling::TCubeTiling`: the tiling a Matmul object computes with."""

    _TYPE = "TCubeTilingType"
    _CPP = "TCubeTiling"

    # BEGIN GENERATED TCubeTiling.__init__ by tools/gen_api.py: do not edit by hand
    if TYPE_CHECKING:

        def __init__(
            self,
            used_core_num: Int = 0,
            m: Int = 0,
            n: Int = 0,
            ka: Int = 0,
            kb: Int = 0,
            single_core_m: Int = 0,
            single_core_n: Int = 0,
            single_core_k: Int = 0,
            base_m: Int = 0,
            base_n: Int = 0,
            base_k: Int = 0,
            depth_a1: Int = 0,
            depth_b1: Int = 0,
            step_m: Int = 0,
            step_n: Int = 0,
            is_bias: Int = 0,
            trans_length: Int = 0,
            iterate_order: Int = 0,
            share_mode: Int = 0,
            share_l1_size: Int = 0,
            share_l0_csize: Int = 0,
            share_ub_size: Int = 0,
            batch_m: Int = 0,
            batch_n: Int = 0,
            single_batch_m: Int = 0,
            single_batch_n: Int = 0,
            step_ka: Int = 0,
            step_kb: Int = 0,
            depth_al1_cache_ub: Int = 0,
            depth_bl1_cache_ub: Int = 0,
            db_l0_a: Int = 0,
            db_l0_b: Int = 0,
            db_l0_c: Int = 0,
            alayout_info_b: Int = 0,
            alayout_info_s: Int = 0,
            alayout_info_n: Int = 0,
            alayout_info_g: Int = 0,
            alayout_info_d: Int = 0,
            blayout_info_b: Int = 0,
            blayout_info_s: Int = 0,
            blayout_info_n: Int = 0,
            blayout_info_g: Int = 0,
            blayout_info_d: Int = 0,
            clayout_info_b: Int = 0,
            clayout_info_s1: Int = 0,
            clayout_info_n: Int = 0,
            clayout_info_g: Int = 0,
            clayout_info_s2: Int = 0,
            batch_num: Int = 0,
            mx_type_para: Int = 0,
        ) -> None:
            """The members, in declaration order or by keyword (snake_case); those left
            out are 0."""
            ...
    # END GENERATED TCubeTiling.__init__


class SoftmaxTiling(AggregateValue):
    """`AscendC::tiling::SoftMaxTiling`: the tiling of `adv.softmax`."""

    _TYPE = "SoftMaxTilingType"
    _CPP = "SoftMaxTiling"

    # BEGIN GENERATED SoftmaxTiling.__init__ by tools/gen_api.py: do not edit by hand
    if TYPE_CHECKING:

        def __init__(
            self,
            src_m: Int = 0,
            src_k: Int = 0,
            src_size: Int = 0,
            out_max_m: Int = 0,
            out_max_k: Int = 0,
            out_max_size: Int = 0,
            split_m: Int = 0,
            split_k: Int = 0,
            split_size: Int = 0,
            reduce_m: Int = 0,
            reduce_k: Int = 0,
            reduce_size: Int = 0,
            range_m: Int = 0,
            tail_m: Int = 0,
            tail_split_size: Int = 0,
            tail_reduce_size: Int = 0,
        ) -> None:
            """The members, in declaration order or by keyword (snake_case); those left
            out are 0."""
            ...
    # END GENERATED SoftmaxTiling.__init__


class MatmulApiStaticTiling(AggregateValue):
    """`AscendC::MatmulApiStaticTiling`: a matmul's constant tiling (what
    `get_matmul_api_tiling` returns); every member not given is -1 (not set), as the
    header's member initialisers."""

    _TYPE = "MatmulApiStaticTilingType"
    _CPP = "MatmulApiStaticTiling"
    _DEFAULT = -1

    # BEGIN GENERATED MatmulApiStaticTiling.__init__ by tools/gen_api.py: do not edit by hand
    if TYPE_CHECKING:

        def __init__(
            self,
            used_core_num: Int = -1,
            m: Int = -1,
            n: Int = -1,
            ka: Int = -1,
            kb: Int = -1,
            single_core_m: Int = -1,
            single_core_n: Int = -1,
            single_core_k: Int = -1,
            base_m: Int = -1,
            base_n: Int = -1,
            base_k: Int = -1,
            depth_a1: Int = -1,
            depth_b1: Int = -1,
            step_m: Int = -1,
            step_n: Int = -1,
            is_bias: Int = -1,
            trans_length: Int = -1,
            iterate_order: Int = -1,
            share_mode: Int = -1,
            share_l1_size: Int = -1,
            share_l0_csize: Int = -1,
            share_ub_size: Int = -1,
            step_ka: Int = -1,
            step_kb: Int = -1,
            depth_al1_cache_ub: Int = -1,
            depth_bl1_cache_ub: Int = -1,
            db_l0_a: Int = -1,
            db_l0_b: Int = -1,
            db_l0_c: Int = -1,
            alayout_info_b: Int = -1,
            alayout_info_s: Int = -1,
            alayout_info_n: Int = -1,
            alayout_info_g: Int = -1,
            alayout_info_d: Int = -1,
            blayout_info_b: Int = -1,
            blayout_info_s: Int = -1,
            blayout_info_n: Int = -1,
            blayout_info_g: Int = -1,
            blayout_info_d: Int = -1,
            clayout_info_b: Int = -1,
            clayout_info_s1: Int = -1,
            clayout_info_n: Int = -1,
            clayout_info_g: Int = -1,
            clayout_info_s2: Int = -1,
            batch_num: Int = -1,
            mx_type_para: Int = -1,
        ) -> None:
            """The members, in declaration order or by keyword (snake_case); those left
            out are -1."""
            ...
    # END GENERATED MatmulApiStaticTiling.__init__


class RmsNormTiling(AggregateValue):
    """`AscendC::tiling::RmsNormTiling`: the tiling of `adv.rmsnorm`."""

    _TYPE = "RmsNormTilingType"
    _CPP = "RmsNormTiling"

    # BEGIN GENERATED RmsNormTiling.__init__ by tools/gen_api.py: do not edit by hand
    if TYPE_CHECKING:

        def __init__(
            self,
            b_length: Int = 0,
            s_length: Int = 0,
            h_length: Int = 0,
            original_hlength: Int = 0,
            reciprocal_of_hlength: Scalar = 0,
            main_bsh_length: Int = 0,
            main_bs_length: Int = 0,
            main_bs_length_align: Int = 0,
            loop_round: Int = 0,
            input_tail_pos: Int = 0,
            tail_bsh_length: Int = 0,
            tail_bs_length: Int = 0,
        ) -> None:
            """The members, in declaration order or by keyword (snake_case); those left
            out are 0."""
            ...
    # END GENERATED RmsNormTiling.__init__


__all__ = ["MatmulApiStaticTiling", "RmsNormTiling", "SoftmaxTiling", "TCubeTiling"]
