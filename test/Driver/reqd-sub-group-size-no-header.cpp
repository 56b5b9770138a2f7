// Without a SYCL header there is no sub-group size to check
// reqd_sub_group_size against: lanes++ says the attribute is ignored.
// RUN: lanes++ -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: reqd-sub-group-size-no-header.cpp:[[@LINE+2]]:{{[0-9]+}}: warning: reqd_sub_group_size ignored: no SYCL header defines LANES_SUB_GROUP_SIZE in this translation unit
// CHECK-NOT: unknown attribute
auto Kernel = [](int I) [[sycl::reqd_sub_group_size(16)]] { return I; };

int main() { return Kernel(0); }
